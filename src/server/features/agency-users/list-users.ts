import type { AgencyUsersPage } from "#domain/schemas/agency-users.ts";
import { normalizeRole } from "#domain/roles.ts";
import { decodeCursor, pageOf } from "../../db/keyset-cursor.ts";
import { isoTextOf, type SqlStatement, type TenantRows } from "../../db/tenant.ts";

/**
 * A page of the agency's members, oldest first, by the (agency_id, created_at, id) keyset of
 * profiles_agency_idx, each with its role, e-mail verification and lock read from its own profile
 * row (copies kept by triggers: migrations 0008 and 0043). created_at comes as the API's ISO text
 * and, for the cursor, at full precision. Raw SQL read through tenantRows (one round trip): this is
 * the list whose speed issue 7 measures.
 */
function pageStatement(afterCursor: boolean): SqlStatement {
  const after = afterCursor ? "and (p.created_at, p.id) > ($3::timestamptz, $4::uuid)" : "";
  return {
    name: afterCursor ? "nexo_agency_users_next_page" : "nexo_agency_users_first_page",
    text: `select p.id, p.email, p.first_name, p.last_name,
        ${isoTextOf("p.created_at")},
        p.created_at::text,
        p.role,
        p.email_verified,
        case when p.locked_until > now() then ${isoTextOf("p.locked_until")} end
      from profiles p
      where p.agency_id = $1 ${after}
      order by p.created_at, p.id
      limit $2`,
  };
}

const FIRST_PAGE = pageStatement(false);
const NEXT_PAGE = pageStatement(true);

type PageRow = [
  id: string,
  email: string,
  firstName: string,
  lastName: string,
  createdAt: string,
  exactCreatedAt: string,
  role: string,
  isEmailVerified: boolean,
  lockedUntil: string | null,
];

export async function listUsers(
  rows: TenantRows,
  agencyId: string,
  options: { cursor?: string; limit: number },
): Promise<AgencyUsersPage> {
  const cursor = decodeCursor(options.cursor);
  const found = (await (cursor
    ? rows(NEXT_PAGE, [agencyId, options.limit + 1, cursor.createdAt, cursor.id])
    : rows(FIRST_PAGE, [agencyId, options.limit + 1]))) as PageRow[];
  const { page, nextCursor } = pageOf(found, options.limit, (row) => ({ createdAt: row[5], id: row[0] }));
  return {
    users: page.map(([id, email, firstName, lastName, createdAt, , role, isEmailVerified, lockedUntil]) => ({
      id,
      email,
      firstName,
      lastName,
      role: normalizeRole(role),
      createdAt,
      isEmailVerified: isEmailVerified === true,
      lockedUntil,
    })),
    nextCursor,
  };
}
