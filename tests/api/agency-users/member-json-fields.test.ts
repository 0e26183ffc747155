import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgencyUsersPage, agencyUsersPageSchema } from "#domain/schemas/agency-users.ts";
import { queryRows } from "#server/db/client.ts";
import { profiles } from "#server/db/schema.ts";
import { isoTextOf } from "#server/db/tenant.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// profiles.member_json_fields (migration 0056) is each member's fixed fields as the members list
// answers them, written by a trigger whenever the row is: the list must show what the row holds,
// after any change, whatever characters the names carry.
let t: TestApp;
let agencyId: string;
let manager: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  t = await createTestApp();
  agencyId = (await createAgency(t.database.owner, { name: "Agência Campos Prontos" })).id;
  manager = await signedInAs(t, "gestora@prontos.com.br", "agency_manager", agencyId);
});
afterAll(() => t.close());

/** Profiles whose stored fields differ from the ones their own columns give today. */
async function profilesOutOfStep(): Promise<{ id: string }[]> {
  return queryRows(
    t.database.owner,
    sql`select p.id from profiles p
         where ('{' || p.member_json_fields || '}')::jsonb is distinct from jsonb_build_object(
           'id', p.id, 'email', p.email, 'firstName', p.first_name, 'lastName', p.last_name,
           'createdAt', ${sql.raw(isoTextOf("p.created_at"))},
           'isEmailVerified', p.email_verified)`,
  );
}

async function listed(id: string) {
  const response = await t.request("/api/agency/users?limit=100", { cookie: manager.cookie });
  expect(response.status).toBe(200);
  const page = agencyUsersPageSchema.parse(await response.json()) as AgencyUsersPage;
  return page.users.find((row) => row.id === id);
}

describe("the members list's stored fields", () => {
  it("answers names with quotes, backslashes, accents and emoji exactly as stored", async () => {
    const firstName = 'Zé "Aspas" \\ Barra';
    const lastName = "Conceição 🚀\tTab";
    const created = await createUser(t.deps.auth, t.database.owner, {
      email: "ze.aspas@prontos.com.br",
      firstName,
      lastName,
      role: "team_copywriter",
      agencyId,
    });
    const row = await listed(created.id);
    expect(row).toMatchObject({ firstName, lastName, email: "ze.aspas@prontos.com.br", role: "team_copywriter" });
    expect(row?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(await profilesOutOfStep()).toEqual([]);
  });

  it("follows a change of the name and e-mail, and replaces a direct write into the stored fields", async () => {
    const created = await createUser(t.deps.auth, t.database.owner, {
      email: "antes@prontos.com.br",
      role: "team_designer",
      agencyId,
    });
    await t.database.owner
      .update(profiles)
      .set({ firstName: "Depois", lastName: "Renomeada", email: "depois@prontos.com.br" })
      .where(eq(profiles.id, created.id));
    expect(await listed(created.id)).toMatchObject({
      firstName: "Depois",
      lastName: "Renomeada",
      email: "depois@prontos.com.br",
    });
    await t.database.owner
      .update(profiles)
      .set({ memberJsonFields: '"id":"forjado"' })
      .where(eq(profiles.id, created.id));
    expect((await listed(created.id))?.id).toBe(created.id);
    expect(await profilesOutOfStep()).toEqual([]);
  });
});
