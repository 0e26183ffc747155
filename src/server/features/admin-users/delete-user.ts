import { eq, sql } from "drizzle-orm";
import { ADMIN_USER_MESSAGES, type DeleteUserResult } from "#domain/schemas/admin-users.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { queryRows, type Tx } from "../../db/client.ts";
import { session, user } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";

type Target = { id: string; email: string; role: string | null; agency_id: string | null };

/**
 * Deletes a user by e-mail: sessions end at once, profile and role go with the user (cascade),
 * audit rows stay (audit_logs.user_id has no foreign key on purpose). Identity tables: owner connection.
 */
export async function deleteUserByEmail(
  deps: Deps,
  actor: SessionUser,
  email: string,
  request: { ip: string | null; userAgent: string | null },
): Promise<DeleteUserResult> {
  return deps.database.owner.transaction(async (tx) => {
    const [target] = await queryRows<Target>(
      tx,
      sql`select u.id, u.email, r.role, p.agency_id
          from "user" u
          left join user_roles r on r.user_id = u.id
          left join profiles p on p.id = u.id
          where lower(u.email) = ${email}
          for update of u`,
    );
    if (!target) throw new AppError("not_found", ADMIN_USER_MESSAGES.notFound);
    if (target.role === "super_admin") await refuseLastSuperAdmin(tx);
    if (target.id === actor.id) throw new AppError("conflict", ADMIN_USER_MESSAGES.self);

    await tx.delete(session).where(eq(session.userId, target.id));
    await tx.delete(user).where(eq(user.id, target.id));
    await recordAudit(
      tx,
      { userId: actor.id, agencyId: target.agency_id, ...request },
      {
        action: "delete",
        resourceType: "user",
        resourceId: target.id,
        details: { email: target.email, role: target.role },
      },
    );
    return { success: true, message: ADMIN_USER_MESSAGES.deleted };
  });
}

/** Locks every super admin row, so two concurrent deletions cannot both pass the count. */
async function refuseLastSuperAdmin(tx: Tx) {
  const admins = await queryRows<{ user_id: string }>(
    tx,
    sql`select user_id from user_roles where role = 'super_admin' for update`,
  );
  if (admins.length <= 1) throw new AppError("conflict", ADMIN_USER_MESSAGES.lastSuperAdmin);
}
