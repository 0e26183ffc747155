import { sql } from "drizzle-orm";
import { AGENCY_USER_MESSAGES as M, type UpdatedUserRole } from "#domain/schemas/agency-users.ts";
import { canGrantRole, normalizeRole, type Role } from "#domain/roles.ts";
import { type AuditActor, recordAudit } from "../../audit/record-audit.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { queryRows, type Tx } from "../../db/client.ts";
import { userRoles } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";

/**
 * Gives a member of the caller's agency a new role, in the caller's transaction: the member's
 * profile row is locked, the single user_roles row (unique per user) is replaced in place, and
 * the audit row is written; if any step fails the whole change rolls back and the old role stays.
 * Nobody changes their own role, grants above their own rank, or touches someone ranked above them.
 */
export async function updateUserRole(
  tx: Tx,
  actor: AuditActor,
  caller: SessionUser,
  agencyId: string,
  targetId: string,
  role: Role,
): Promise<UpdatedUserRole> {
  if (targetId === caller.id) throw new AppError("forbidden", M.ownRole);
  const from = await lockedRoleOf(tx, agencyId, targetId);
  if (!canGrantRole(caller.role, from)) throw new AppError("forbidden", M.targetAboveOwnRole);
  if (!canGrantRole(caller.role, role)) throw new AppError("forbidden", M.aboveOwnRole);
  if (from === role) return { userId: targetId, role };
  await tx
    .insert(userRoles)
    .values({ userId: targetId, role })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role } });
  await recordAudit(tx, actor, {
    action: "update_role",
    resourceType: "user_roles",
    resourceId: targetId,
    details: { from, to: role },
  });
  return { userId: targetId, role };
}

/** The member's current role with their profile row locked; a user of another agency is 404. */
async function lockedRoleOf(tx: Tx, agencyId: string, userId: string): Promise<Role> {
  const [row] = await queryRows<{ role: string | null }>(
    tx,
    sql`select r.role from profiles p left join user_roles r on r.user_id = p.id
         where p.id = ${userId} and p.agency_id = ${agencyId}
         for update of p`,
  );
  if (!row) throw new AppError("not_found", M.userNotFound);
  return normalizeRole(row.role);
}
