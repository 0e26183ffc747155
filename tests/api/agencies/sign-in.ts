import type { Role } from "#domain/roles.ts";
import { createUser } from "#tests/factories/users.ts";
import { sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";

/** Creates a user with a role (and agency) and returns their session cookie and id. */
export async function signedInAs(t: TestApp, email: string, role: Role, agencyId: string | null = null) {
  const created = await createUser(t.deps.auth, t.database.owner, { email, role, agencyId });
  const response = await t.request("/api/auth/sign-in/email", { body: { email, password: created.password } });
  return { id: created.id, email, cookie: sessionCookieFrom(response) };
}
