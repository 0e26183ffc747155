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

/** Profiles whose email matches: within the user's agency (an index range) unless super admin. */
function profilesMatching(user: SessionUser, pattern: string): SQL {
  const scope = user.isSuperAdmin ? sql`` : sql` and agency_id = ${user.agencyId}`;
  return sql`select id from profiles where email ilike ${pattern}${scope}`;
}

function filterConditions(user: SessionUser, filters: AuditFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.from) conditions.push(sql`l.created_at >= ${new Date(filters.from).toISOString()}`);
  if (filters.to) conditions.push(sql`l.created_at <= ${new Date(filters.to).toISOString()}`);
  if (filters.action) conditions.push(sql`l.action = ${filters.action}`);
  if (filters.resourceType) conditions.push(sql`l.resource_type = ${filters.resourceType}`);
  if (filters.userId) conditions.push(sql`l.user_id = ${filters.userId}`);
  if (filters.ipAddress) conditions.push(sql`l.ip_address = ${filters.ipAddress}`);
  if (filters.search) {
    const pattern = `%${escapeLike(filters.search)}%`;
    // ILIKE is not leakproof, so under row-level security PostgreSQL will not use a trigram index
    // for it; the search is bounded instead by the agency/created_at index order and the row limit.
    conditions.push(sql`(l.action ilike ${pattern} or l.resource_type ilike ${pattern}
      or l.resource_id ilike ${pattern} or l.details::text ilike ${pattern}
      or l.user_id = any(array(${profilesMatching(user, pattern)})))`);
  }
  return conditions;
}

/** The list query, exported so a test can EXPLAIN exactly what the route runs. */
export function auditLogsQuery(user: SessionUser, filters: AuditFilters): SQL {
  const limit = hasAuditFilters(filters) ? AUDIT_FILTERED_PAGE_SIZE : AUDIT_PAGE_SIZE;
  const where = sql.join([auditScope(user), ...filterConditions(user, filters)], sql` and `);
  return sql`select l.*, p.first_name, p.last_name, p.email
        from audit_logs l left join profiles p on p.id = l.user_id
        where ${where}
        order by l.created_at desc, l.id desc
        limit ${limit}`;
}

/** Newest first: 100 rows, or 200 when filtered; ordered by the (agency_id, created_at) indexes. */
export async function listAuditLogs(tx: Tx, user: SessionUser, filters: AuditFilters): Promise<AuditLogRow[]> {
  const rows = await queryRows<Row>(tx, auditLogsQuery(user, filters));
  return rows.map(toAuditLogRow);
}
