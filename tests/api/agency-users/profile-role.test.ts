import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#domain/roles.ts";
import type { AgencyUsersPage } from "#domain/schemas/agency-users.ts";
import { queryRows } from "#server/db/client.ts";
import { profiles, userRoles } from "#server/db/schema.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// profiles.role is user_roles' copy (migration 0008), what the member list shows: it must follow
// every change of user_roles and nothing else.
let t: TestApp;
let agencyId: string;
let manager: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  t = await createTestApp();
  agencyId = (await createAgency(t.database.owner, { name: "Agência Papel" })).id;
  manager = await signedInAs(t, "gestora@papel.com.br", "agency_manager", agencyId);
});
afterAll(() => t.close());

/** Profiles whose copy differs from user_roles ('user' when a user has no row). */
async function profilesOutOfStep(): Promise<{ id: string }[]> {
  return queryRows(
    t.database.owner,
    sql`select p.id from profiles p left join user_roles r on r.user_id = p.id
         where p.role is distinct from coalesce(r.role, 'user')`,
  );
}

/** A user of the agency, with a role. */
const member = (email: string, role: Role) => createUser(t.deps.auth, t.database.owner, { email, role, agencyId });

const profileRole = async (id: string) =>
  (await t.database.owner.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, id)))[0]?.role;

describe("the member list's role (profiles.role)", () => {
  it("is the role a new user signs up with", async () => {
    const created = await member("nova@papel.com.br", "team_copywriter");
    expect(await profileRole(created.id)).toBe("team_copywriter");
    expect(await profilesOutOfStep()).toEqual([]);
  });

  it("follows a role change through the API, as the list then shows", async () => {
    const created = await member("muda@papel.com.br", "user");
    const changed = await t.request(`/api/agency/users/${created.id}/role`, {
      method: "PUT",
      body: { role: "team_traffic" },
      cookie: manager.cookie,
    });
    expect(changed.status).toBe(200);
    const page = (await (await t.request("/api/agency/users", { cookie: manager.cookie })).json()) as AgencyUsersPage;
    expect(page.users.find((row) => row.id === created.id)?.role).toBe("team_traffic");
    expect(await profilesOutOfStep()).toEqual([]);
  });

  it("falls back to 'user' when the user_roles row goes, and comes back with a new one", async () => {
    const created = await member("some@papel.com.br", "sales_ldr");
    await t.database.owner.delete(userRoles).where(eq(userRoles.userId, created.id));
    expect(await profileRole(created.id)).toBe("user");
    await t.database.owner.insert(userRoles).values({ userId: created.id, role: "sales_bdr" });
    expect(await profileRole(created.id)).toBe("sales_bdr");
    expect(await profilesOutOfStep()).toEqual([]);
  });

  it("cannot be written directly: user_roles stays the source", async () => {
    const created = await member("forja@papel.com.br", "user");
    await t.database.owner.update(profiles).set({ role: "agency_manager" }).where(eq(profiles.id, created.id));
    expect(await profileRole(created.id)).toBe("user");
  });
});
