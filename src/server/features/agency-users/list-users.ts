import { and, asc, eq, sql } from "drizzle-orm";
import type { AgencyUsersPage } from "#domain/schemas/agency-users.ts";
import { normalizeRole } from "#domain/roles.ts";
import type { Tx } from "../../db/client.ts";
import { decodeCursor, pageOf } from "../../db/keyset-cursor.ts";
import { profiles, userRoles } from "../../db/schema.ts";

/**
 * Members of the agency, oldest first, with their one role (no row means 'user'), paged by the
 * (agency_id, created_at, id) keyset of profiles_agency_idx; the role comes from the unique
 * user_roles.user_id index, one lookup per listed member.
 */
export async function listUsers(
  tx: Tx,
  agencyId: string,
  options: { cursor?: string; limit: number },
): Promise<AgencyUsersPage> {
  const cursor = decodeCursor(options.cursor);
  const rows = await tx
    .select({
      id: profiles.id,
      email: profiles.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      createdAt: profiles.createdAt,
      exactCreatedAt: sql<string>`${profiles.createdAt}::text`,
      // A lookup per listed member through the unique user_id index: joined, the planner
      // seq-scanned every user_roles row under its RLS policy to hash-join them (4 ms vs 0.4 ms).
      role: sql<string | null>`(select ${userRoles.role} from ${userRoles} where ${userRoles.userId} = ${profiles.id})`,
    })
    .from(profiles)
    .where(
      and(
        eq(profiles.agencyId, agencyId),
        cursor
          ? sql`(${profiles.createdAt}, ${profiles.id}) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(profiles.createdAt), asc(profiles.id))
    .limit(options.limit + 1);
  const { page, nextCursor } = pageOf(rows, options.limit, (row) => ({ createdAt: row.exactCreatedAt, id: row.id }));
  return {
    users: page.map((row) => ({
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      role: normalizeRole(row.role),
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor,
  };
}
