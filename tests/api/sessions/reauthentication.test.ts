import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agencySettings } from "#server/db/schema.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";

// Issue 13, item 11: every sensitive action (role changes, exports, deleting users, turning the
// two-factor requirement off, importing permissions) needs a password confirmed in the last ten
// minutes. Each is refused from a stale session and goes through once the password is confirmed.
let t: TestApp;
let agencyId: string;
type SignedIn = { id: string; password: string; cookie: string };
let admin: SignedIn;
let manager: SignedIn;
let designerId: string;
beforeAll(async () => {
  t = await createTestApp();
  agencyId = (await createAgency(t.database.owner, { name: "Agência Sensível" })).id;
  await t.database.owner
    .insert(agencySettings)
    .values({ agencyId, settingKey: "two_factor_required", settingValue: false });
  admin = await signedIn("raiz@nexo.example.com", "super_admin", null);
  manager = await signedIn("gestora@sensivel.com.br", "agency_manager", agencyId);
  designerId = (
    await createUser(t.deps.auth, t.database.owner, {
      email: "designer@sensivel.com.br",
      agencyId,
      role: "team_designer",
    })
  ).id;
  await createUser(t.deps.auth, t.database.owner, { email: "apagar@sensivel.com.br", agencyId });
});
afterAll(() => t.close());

async function signedIn(
  email: string,
  role: "super_admin" | "agency_manager",
  agency: string | null,
): Promise<SignedIn> {
  const { id, password } = await createUser(t.deps.auth, t.database.owner, { email, role, agencyId: agency });
  const answer = await t.request("/api/auth/sign-in/email", { body: { email, password } });
  return { id, password, cookie: sessionCookieFrom(answer) };
}

type Caller = "admin" | "manager";
type Sensitive = { name: string; as: Caller; path: () => string; method?: string; body?: () => unknown };

const SENSITIVE: Sensitive[] = [
  {
    name: "changing a role",
    as: "manager",
    path: () => `/api/agency/users/${designerId}/role`,
    method: "PUT",
    body: () => ({ role: "team_copywriter" }),
  },
  {
    name: "turning the two-factor requirement off",
    as: "manager",
    path: () => "/api/agency/settings",
    method: "PUT",
    body: () => ({ key: "two_factor_required", value: false }),
  },
  { name: "exporting an agency", as: "admin", path: () => `/api/admin/export/agencies/${agencyId}` },
  { name: "exporting the platform", as: "admin", path: () => "/api/admin/export/platform" },
  { name: "exporting the permissions", as: "admin", path: () => "/api/admin/permissions/export" },
  {
    name: "deleting a user",
    as: "admin",
    path: () => "/api/admin/users/delete",
    method: "POST",
    body: () => ({ email: "apagar@sensivel.com.br" }),
  },
];

const callerOf = (caller: Caller) => (caller === "admin" ? admin : manager);

async function ageSessions() {
  await t.database.owner.execute(
    sql`update session set created_at = now() - interval '11 minutes', reauthenticated_at = null
         where user_id in (${admin.id}, ${manager.id})`,
  );
}

const call = (action: Sensitive) =>
  t.request(action.path(), {
    method: action.method ?? "GET",
    body: action.body?.(),
    cookie: callerOf(action.as).cookie,
  });

describe("re-authentication for every sensitive action", () => {
  it.each(SENSITIVE.map((action) => [action.name, action] as const))(
    "%s: refused from a session older than ten minutes, done after the password is confirmed",
    async (_name, action) => {
      await ageSessions();
      const stale = await call(action);
      expect(stale.status).toBe(403);
      expect(((await stale.json()) as { error: { code: string } }).error.code).toBe("reauthentication_required");

      const { cookie, password } = callerOf(action.as);
      const confirmed = await t.request("/api/me/reauthenticate", { body: { password }, cookie });
      expect(confirmed.status).toBe(200);
      expect((await call(action)).status).toBe(200);
    },
  );

  it("turning the requirement on, an ordinary setting, needs no re-authentication", async () => {
    await ageSessions();
    const on = await t.request("/api/agency/settings", {
      method: "PUT",
      body: { key: "two_factor_required", value: true },
      cookie: manager.cookie,
    });
    expect(on.status).toBe(200);
  });
});
