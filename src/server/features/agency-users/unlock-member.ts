import { sql } from "drizzle-orm";
import { AGENCY_USER_MESSAGES as M } from "#domain/schemas/agency-users.ts";
import { canGrantRole, normalizeRole } from "#domain/roles.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { queryRows, type Tx } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import { unlockAccount } from "../security-admin/unlock-account.ts";

type Tenant = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * A manager lifts the sign-in lock of a member of their own agency (issue 13, defect 3: a victim's
 * lockout is recoverable). The member is found under row-level security, so another agency's user
 * is 404 like an unknown id; nobody acts on someone ranked above them (decision 004). Audited in
 * the agency's log.
 */
export async function unlockMember(
  deps: Deps,
  tenant: Tenant,
  caller: SessionUser,
  agencyId: string,
  targetId: string,
  request: { ip: string | null; userAgent: string | null },
) {
  const member = await tenant((tx) => memberOf(tx, agencyId, targetId));
  if (!member) throw new AppError("not_found", M.userNotFound);
  if (!canGrantRole(caller.role, normalizeRole(member.role))) throw new AppError("forbidden", M.targetAboveOwnRole);
  return unlockAccount(deps, caller, member.email.toLowerCase(), request, { agencyId, userId: targetId });
}

async function memberOf(tx: Tx, agencyId: string, userId: string) {
  const [row] = await queryRows<{ email: string; role: string | null }>(
    tx,
    sql`select p.email, r.role from profiles p left join user_roles r on r.user_id = p.id
         where p.id = ${userId} and p.agency_id = ${agencyId}`,
  );
  return row ?? null;
}
