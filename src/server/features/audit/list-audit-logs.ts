import { type SQL, sql } from "drizzle-orm";
import {
  AUDIT_FILTERED_PAGE_SIZE,
  AUDIT_PAGE_SIZE,
  type AuditFilters,
  type AuditLogRow,
  hasAuditFilters,
} from "#domain/schemas/audit.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { queryRows, type Tx } from "../../db/client.ts";
import { AppError, MESSAGES } from "../../http/errors.ts";

/**
 * A free-text search is stopped after this long: whatever shape a pattern takes, it must not hold a
 * connection for minutes. PostgreSQL enforces it; PGlite (one process, no timer) ignores it.
 */
export const AUDIT_SEARCH_TIMEOUT_MS = 5_000;
const QUERY_CANCELED = "57014";

type Row = {
  id: string;
  user_id: string | null;
  agency_id: string | null;
  action: string;
  resource_type: string;
  resource_id: string | null;
  details: unknown;
  ip_address: string | null;
  user_agent: string | null;
  created_at: string | Date;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
};

export function toAuditLogRow(row: Row): AuditLogRow {
  const name = [row.first_name, row.last_name].filter(Boolean).join(" ").trim();
  return {
    id: row.id,
    userId: row.user_id,
    agencyId: row.agency_id,
    action: row.action,
    resourceType: row.resource_type,
    resourceId: row.resource_id,
    details: row.details,
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    createdAt: new Date(row.created_at).toISOString(),
    userName: name || null,
    userEmail: row.email,
  };
}

/** Who sees what: a super admin the whole platform, anyone else only their own agency (RLS agrees). */
export function auditScope(user: SessionUser): SQL {
  if (user.isSuperAdmin) return sql`true`;
  return user.agencyId ? sql`l.agency_id = ${user.agencyId}` : sql`false`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filterConditions(filters: AuditFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.from) conditions.push(sql`l.created_at >= ${new Date(filters.from).toISOString()}`);
  if (filters.to) conditions.push(sql`l.created_at <= ${new Date(filters.to).toISOString()}`);
  if (filters.action) conditions.push(sql`l.action = ${filters.action}`);
  if (filters.resourceType) conditions.push(sql`l.resource_type = ${filters.resourceType}`);
  if (filters.userId) conditions.push(sql`l.user_id = ${filters.userId}`);
  if (filters.ipAddress) conditions.push(sql`l.ip_address = ${filters.ipAddress}`);
  return conditions;
}

/**
 * Free text: audit_log_search (drizzle/0003_audit_search.sql, 0004, 0005) reads the trigram indexes, which
 * PostgreSQL will not use for a non-leakproof ILIKE under row-level security; the function
 * applies the caller's tenant scope itself, and the route still runs it in the tenant transaction.
 */
function searchCall(filters: AuditFilters & { search: string }, limit: number): SQL {
  const date = (value: string | undefined) => (value ? new Date(value).toISOString() : null);
  return sql`audit_log_search(${`%${escapeLike(filters.search)}%`}, ${date(filters.from)}::timestamptz,
    ${date(filters.to)}::timestamptz, ${filters.action ?? null}::text, ${filters.resourceType ?? null}::text,
    ${filters.userId ?? null}::uuid, ${filters.ipAddress ?? null}::text, ${limit}::integer)`;
}

function filteredRows(user: SessionUser, filters: AuditFilters, limit: number): SQL {
  const where = sql.join([auditScope(user), ...filterConditions(filters)], sql` and `);
  return sql`select * from audit_logs l where ${where} order by l.created_at desc, l.id desc limit ${limit}`;
}

/** What a row of the list reads (not search_text, the search's stored lowered text: migration 0045). */
const AUDIT_ROW_COLUMNS = sql.raw(
  "l.id, l.user_id, l.agency_id, l.action, l.resource_type, l.resource_id, l.details, l.ip_address, l.user_agent, l.created_at",
);

/**
 * The list query, exported so a test can EXPLAIN exactly what the route runs. The page is cut
 * before the author lookup, so profiles is read by primary key for those rows only.
 */
export function auditLogsQuery(user: SessionUser, filters: AuditFilters): SQL {
  const limit = hasAuditFilters(filters) ? AUDIT_FILTERED_PAGE_SIZE : AUDIT_PAGE_SIZE;
  // The search function scopes by the tenant context; the user's own scope is the second lock.
  const page = filters.search
    ? sql`select * from ${searchCall({ ...filters, search: filters.search }, limit)} l where ${auditScope(user)}`
    : filteredRows(user, filters, limit);
  // LATERAL … LIMIT 1 keeps the author lookup per row (primary key): joined, the planner may hash
  // the whole profiles table for a 200-row page.
  return sql`select ${AUDIT_ROW_COLUMNS}, p.first_name, p.last_name, p.email
        from (${page}) l
        left join lateral (select first_name, last_name, email from profiles where id = l.user_id limit 1) p on true
        order by l.created_at desc, l.id desc`;
}

function isQueryCanceled(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === QUERY_CANCELED) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** How long a free-text search may run (the tenant option), or undefined when the filters have none. */
export function auditSearchTimeout(filters: AuditFilters): number | undefined {
  return filters.search ? AUDIT_SEARCH_TIMEOUT_MS : undefined;
}

/**
 * Newest first: 100 rows, or 200 when filtered; ordered by the (agency_id, created_at) indexes.
 * A search cancelled by its time limit (auditSearchTimeout) asks the user to refine the filters.
 */
export async function listAuditLogs(tx: Tx, user: SessionUser, filters: AuditFilters): Promise<AuditLogRow[]> {
  try {
    const rows = await queryRows<Row>(tx, auditLogsQuery(user, filters));
    return rows.map(toAuditLogRow);
  } catch (error) {
    if (isQueryCanceled(error)) throw new AppError("bad_request", MESSAGES.searchTimeout);
    throw error;
  }
}
