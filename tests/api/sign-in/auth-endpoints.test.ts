import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVED_AUTH_ENDPOINTS } from "#server/auth/auth-routes.ts";
import { profiles, user as userTable } from "#server/db/schema.ts";
import { MESSAGES } from "#server/http/errors.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";
import { signIn } from "./sign-in-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every better-auth endpoint it would answer, read from its API table so a new plugin is covered. */
function betterAuthPaths(): string[] {
  return Object.values(t.deps.auth.api).flatMap((endpoint) => {
    const { path } = endpoint as { path?: string };
    return path ? [path.replace(/:[A-Za-z]+/g, "x")] : [];
  });
}

describe("better-auth endpoints outside the product's list", () => {
  it("answer 404 in our envelope, signed in or not, for GET and POST", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "superficie@exemplo.com.br" });
    const cookie = sessionCookieFrom(await signIn(t, user.email, user.password));
    const served = new Set<string>(SERVED_AUTH_ENDPOINTS);
    const unserved = [...new Set(betterAuthPaths())].filter((path) => !served.has(path));
    expect(unserved).toEqual(
      expect.arrayContaining(["/update-user", "/change-email", "/get-session", "/list-sessions"]),
    );
    for (const path of unserved) {
      for (const method of ["GET", "POST"]) {
        const response = await t.request(`/api/auth${path}`, {
          method,
          cookie,
          body: method === "POST" ? {} : undefined,
        });
        expect({ path, method, status: response.status }).toEqual({ path, method, status: 404 });
        expect(await response.json()).toEqual({ error: { code: "not_found", message: MESSAGES.routeNotFound } });
      }
    }
  });

  it("update-user cannot change a name past our schemas", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "nome@exemplo.com.br" });
    const cookie = sessionCookieFrom(await signIn(t, user.email, user.password));
    const response = await t.request("/api/auth/update-user", {
      cookie,
      body: { firstName: "x".repeat(100_000), name: "<script>", signupRole: "super_admin" },
    });
    expect(response.status).toBe(404);
    const [account] = await t.database.owner.select().from(userTable).where(eq(userTable.email, user.email));
    const [profile] = await t.database.owner.select().from(profiles).where(eq(profiles.email, user.email));
    expect(account.name).not.toBe("<script>");
    expect(profile.firstName).not.toContain("xxxx");
  });
});
