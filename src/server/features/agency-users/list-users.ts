import { decodeCursor, pageOf } from "../../db/keyset-cursor.ts";
import { roleSqlOf } from "../../db/role-sql.ts";
import { isoTextOf, type SqlStatement, type TenantRows } from "../../db/tenant.ts";

/**
 * A page of the agency's members, oldest first, by the (agency_id, created_at, id) keyset of
 * profiles_agency_idx. Each member comes as the JSON of the API's AgencyUser: its fixed fields as
 * the profile row keeps them, written as JSON when the row is (member_json_fields, migration 0056,
 * decision 033), joined with the two read as of now: the role, normalised by today's rule
 * (roleSqlOf, the rule of normalizeRole), and the lock, shown while it holds; beside it the row's
 * keyset at full precision for the cursor. Three fields a row for the driver to parse, and no object per
 * member to build and serialise again (decision 024). Raw SQL read through tenantRows (one round
 * trip): this is the list whose speed issue 7 measures.
 */
function pageStatement(afterCursor: boolean): SqlStatement {
  const after = afterCursor ? "and (p.created_at, p.id) > ($3::timestamptz, $4::uuid)" : "";
  return {
    name: afterCursor ? "nexo_agency_users_next_fields" : "nexo_agency_users_first_fields",
    text: `select '{' || p.member_json_fields || ',"role":"' || ${roleSqlOf("p.role")} || '","lockedUntil":'
        || case when p.locked_until > now() then '"' || ${isoTextOf("p.locked_until")} || '"' else 'null' end || '}',
        p.created_at::text, p.id
      from profiles p
      where p.agency_id = $1 ${after}
      order by p.created_at, p.id
      limit $2`,
  };
}

const FIRST_PAGE = pageStatement(false);
const NEXT_PAGE = pageStatement(true);

type PageRow = [memberJson: string, exactCreatedAt: string, id: string];

/** The page as the JSON text of an AgencyUsersPage (#domain/schemas/agency-users.ts). */
export async function listUsersJson(
  rows: TenantRows,
  agencyId: string,
  options: { cursor?: string; limit: number },
): Promise<string> {
  const cursor = decodeCursor(options.cursor);
  const found = (await (cursor
    ? rows(NEXT_PAGE, [agencyId, options.limit + 1, cursor.createdAt, cursor.id])
    : rows(FIRST_PAGE, [agencyId, options.limit + 1]))) as PageRow[];
  const { page, nextCursor } = pageOf(found, options.limit, (row) => ({ createdAt: row[1], id: row[2] }));
  return `{"users":[${page.map((row) => row[0]).join(",")}],"nextCursor":${JSON.stringify(nextCursor)}}`;
}
