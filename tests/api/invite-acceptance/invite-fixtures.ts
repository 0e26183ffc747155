import { randomBytes } from "node:crypto";
import type { Role } from "#domain/roles.ts";
import type { Db } from "#server/db/client.ts";
import { agencyInvites } from "#server/db/schema.ts";
import { createUser } from "#tests/factories/users.ts";
import { sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";

const DAY = 24 * 60 * 60 * 1000;

/** An invite row as the invites feature writes it (issue 5 owns creation; here it is inserted directly). */
export async function insertInvite(
  db: Db,
  input: { agencyId: string; email: string; role?: Role | string; expiresInDays?: number; acceptedAt?: Date },
) {
  const token = randomBytes(32).toString("base64url");
  const [invite] = await db
    .insert(agencyInvites)
    .values({
      agencyId: input.agencyId,
      email: input.email,
      role: input.role ?? "team_designer",
      token,
      expiresAt: new Date(Date.now() + (input.expiresInDays ?? 7) * DAY),
      acceptedAt: input.acceptedAt ?? null,
    })
    .returning();
  return invite;
}

/** A new user without an agency, signed in: the person who received the invite. */
export async function signedInInvitee(
  t: TestApp,
  email: string,
  agencyId: string | null = null,
  isEmailVerified = true,
) {
  const user = await createUser(t.deps.auth, t.database.owner, { email, agencyId, isEmailVerified });
  const response = await t.request("/api/auth/sign-in/email", { body: { email, password: user.password } });
  return { ...user, cookie: sessionCookieFrom(response) };
}
