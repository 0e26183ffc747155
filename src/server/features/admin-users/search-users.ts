import { sql } from "drizzle-orm";
import type { AdminUserSearch, AdminUsersPage } from "#domain/schemas/admin-users.ts";
import { normalizeRole } from "#domain/roles.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { decodeCursor, pageOf } from "../../db/keyset-cursor.ts";

const PAGE_SIZE = 25;

type Row = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string | null;
  agency_name: string | null;
  last_access_at: string | null;
  locked_until: string | null;
  two_factor_enabled: boolean;
  email_verified: boolean;
  created_at: string;
  exact_created_at: string;
};

/** LIKE pattern of a typed fragment: its own %, _ and \ match themselves. */
const containing = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every user of the platform for the super admin (identity tables: owner connection), newest
 * first by the (created_at, id) keyset, optionally those whose e-mail or name contains `q`
 * (user_search_trgm_idx, migration 0016). Locked from account_lockouts. The last access is the
 * latest of what is known of the person being there: a sign-in, the sign-up that signed them in or
 * a sign-out (audit trail, audit_logs_user_idx), and the last activity of each session still stored
 * (session_user_id_idx, session_activity: the idle timeout's). A sign-in alone missed whoever signed
 * up and kept using that session (QA: "Nunca" for people using the app). A session nobody used
 * (the demo seed's) is no access.
 */
export async function searchUsers(db: Queryable, query: AdminUserSearch, now: Date): Promise<AdminUsersPage> {
  const cursor = decodeCursor(query.cursor);
  const rows = await queryRows<Row>(
    db,
    sql`select u.id, u.email, u.first_name, u.last_name, r.role, a.name as agency_name,
          to_char(greatest(
            (select max(l.created_at) from audit_logs l
              where l.user_id = u.id and l.action in ('login', 'signup', 'logout')),
            (select max(sa.last_seen_at) from session s
              join session_activity sa on sa.session_id = s.id where s.user_id = u.id)
          ) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_access_at,
          (select to_char(k.locked_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
             from account_lockouts k where k.email = lower(u.email) and k.locked_until > ${now.toISOString()}::timestamptz)
             as locked_until,
          u.two_factor_enabled, u.email_verified,
          to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
          u.created_at::text as exact_created_at
        from "user" u
        left join user_roles r on r.user_id = u.id
        left join profiles p on p.id = u.id
        left join agencies a on a.id = p.agency_id
        where true
          ${query.q ? sql`and lower(u.email || ' ' || u.first_name || ' ' || u.last_name) like ${containing(query.q)}` : sql``}
          ${cursor ? sql`and (u.created_at, u.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : sql``}
        order by u.created_at desc, u.id desc
        limit ${PAGE_SIZE + 1}`,
  );
  const { page, nextCursor } = pageOf(rows, PAGE_SIZE, (row) => ({ createdAt: row.exact_created_at, id: row.id }));
  return {
    users: page.map((row) => ({
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      role: normalizeRole(row.role ?? "user"),
      agencyName: row.agency_name,
      lastAccessAt: row.last_access_at,
      isLocked: row.locked_until !== null,
      twoFactorEnabled: row.two_factor_enabled,
      isEmailVerified: row.email_verified,
      createdAt: row.created_at,
    })),
    nextCursor,
  };
}
