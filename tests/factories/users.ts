import { eq } from "drizzle-orm";
import type { Role } from "#domain/roles.ts";
import type { Db } from "#server/db/client.ts";
import { profiles, user, userRoles } from "#server/db/schema.ts";
import type { Auth } from "#server/auth/auth.ts";

export const DEMO_PASSWORD = "Nexo@Demo2026";

export type UserInput = {
  email: string;
  firstName?: string;
  lastName?: string;
  company?: string;
  role?: Role;
  agencyId?: string | null;
  password?: string;
  /** Established accounts have proved their address (issue 13, item 8); false: a fresh sign-up's state. */
  isEmailVerified?: boolean;
};

/**
 * A user as sign-up makes one (better-auth hashes the password; the trigger adds profile and
 * role), then placed in an agency with a role, as an invite acceptance would.
 */
export async function createUser(auth: Auth, db: Db, input: UserInput) {
  const firstName = input.firstName ?? input.email.split("@")[0];
  const lastName = input.lastName ?? "Teste";
  const result = await auth.api.signUpEmail({
    body: {
      email: input.email,
      password: input.password ?? DEMO_PASSWORD,
      name: `${firstName} ${lastName}`.trim(),
      firstName,
      lastName,
      company: input.company,
    },
  });
  const userId = result.user.id;
  await db.transaction(async (tx) => {
    if (input.agencyId !== undefined) {
      await tx.update(profiles).set({ agencyId: input.agencyId }).where(eq(profiles.id, userId));
    }
    if (input.isEmailVerified ?? true) await tx.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
    if (input.role) await tx.update(userRoles).set({ role: input.role }).where(eq(userRoles.userId, userId));
  });
  return { id: userId, email: input.email, password: input.password ?? DEMO_PASSWORD };
}
