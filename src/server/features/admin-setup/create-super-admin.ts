import { sql } from "drizzle-orm";
import { type AdminSetupInput, splitName } from "#domain/schemas/admin-setup.ts";
import { type AuditActor, recordAudit } from "../../audit/record-audit.ts";
import { hashPassword } from "../../auth/password-hash.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { account, user, userRoles } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import { superAdminExists } from "./super-admin-exists.ts";

export const ADMIN_SETUP_MESSAGES = {
  alreadySetUp: "O super admin já foi criado. Faça login para continuar.",
  emailTaken: "Este email já está cadastrado. Use outro email para o super admin.",
} as const;

// Any constant shared by every Nexo server: concurrent setups queue on it.
const SETUP_LOCK_KEY = 7_031_978;

type RequestMeta = { ip: string | null; userAgent: string | null };

/**
 * Creates the platform's first super admin, only while none exists. The check and the inserts run
 * in one owner transaction under an advisory lock, so two racing requests cannot both pass the check.
 * The user row fires the trigger that adds the profile and the role 'user', which is then raised.
 */
export async function createSuperAdmin(deps: Deps, input: AdminSetupInput, request: RequestMeta) {
  const passwordHash = await hashPassword(input.password); // slow on purpose: outside the lock
  return deps.database.owner.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK_KEY})`);
    if (await superAdminExists(tx)) throw new AppError("conflict", ADMIN_SETUP_MESSAGES.alreadySetUp);
    if (await emailIsTaken(tx, input.email)) throw new AppError("conflict", ADMIN_SETUP_MESSAGES.emailTaken);
    const now = deps.now();
    const { firstName, lastName } = splitName(input.name);
    const [created] = await tx
      .insert(user)
      .values({
        name: `${firstName} ${lastName}`.trim(),
        email: input.email,
        emailVerified: true,
        firstName,
        lastName,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: user.id, email: user.email });
    await tx.update(userRoles).set({ role: "super_admin" }).where(sql`${userRoles.userId} = ${created.id}`);
    await tx.insert(account).values({
      userId: created.id,
      accountId: created.id,
      providerId: "credential",
      password: passwordHash,
      createdAt: now,
      updatedAt: now,
    });
    const actor: AuditActor = { userId: created.id, agencyId: null, ...request };
    await recordAudit(tx, actor, { action: "create_super_admin", resourceType: "user", resourceId: created.id });
    return created;
  });
}

async function emailIsTaken(db: Queryable, email: string): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from "user" where email = ${email} limit 1`,
  );
  return rows.length > 0;
}
