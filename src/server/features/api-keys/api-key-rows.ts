import { and, eq, type SQL, sql } from "drizzle-orm";
import type { ApiKey } from "#domain/schemas/integrations.ts";
import type { Queryable } from "../../db/client.ts";
import { decodeCursor, pageOf } from "../../db/keyset-cursor.ts";
import { apiKeys, profiles } from "../../db/schema.ts";
import { actorNameSql } from "../notifications/actor-name.ts";

const iso = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const isoOrNull = (column: unknown) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const fields = {
  id: apiKeys.id,
  name: apiKeys.name,
  role: apiKeys.role,
  prefix: apiKeys.keyPrefix,
  createdByName: actorNameSql,
  createdAt: iso(apiKeys.createdAt),
  lastUsedAt: isoOrNull(apiKeys.lastUsedAt),
  revokedAt: isoOrNull(apiKeys.revokedAt),
  exactCreatedAt: sql<string>`${apiKeys.createdAt}::text`,
};

function selectKeys(tx: Queryable, where: SQL | undefined) {
  return tx
    .select(fields)
    .from(apiKeys)
    .leftJoin(profiles, and(eq(profiles.id, apiKeys.createdBy), eq(profiles.agencyId, apiKeys.agencyId)))
    .where(where);
}

type KeyRow = Awaited<ReturnType<typeof selectKeys>>[number];

const toApiKey = ({ exactCreatedAt: _exact, ...key }: KeyRow): ApiKey => key;

/** The agency's keys, newest first (revoked ones too, marked), by the (agency_id, created_at, id) index. */
export async function listApiKeys(tx: Queryable, agencyId: string, query: { cursor?: string; limit: number }) {
  const cursor = decodeCursor(query.cursor);
  const rows = await selectKeys(
    tx,
    and(
      eq(apiKeys.agencyId, agencyId),
      cursor
        ? sql`(${apiKeys.createdAt}, ${apiKeys.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
        : undefined,
    ),
  )
    .orderBy(sql`${apiKeys.createdAt} desc, ${apiKeys.id} desc`)
    .limit(query.limit + 1);
  const { page, nextCursor } = pageOf(rows, query.limit, (row) => ({ createdAt: row.exactCreatedAt, id: row.id }));
  return { keys: page.map(toApiKey), nextCursor };
}

export async function findApiKey(tx: Queryable, agencyId: string, id: string): Promise<ApiKey | null> {
  const [row] = await selectKeys(tx, and(eq(apiKeys.agencyId, agencyId), eq(apiKeys.id, id)));
  return row ? toApiKey(row) : null;
}
