import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agencies, agencySettings, rolePermissions } from "#server/db/schema.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * GET /api/me, which every page load reads, reuses its permissions and agency preferences while
 * the request's session is proven at the epoch they were read at (epoch-cache.ts): one round trip,
 * the proof alone. Every change to what it read must show on the very next request.
 */
let t: TestApp;
/** Every statement the app sends while `recording` is on (one round trip each). */
const sent: string[] = [];
let recording = false;
let agencyId: string;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ onQuery: (text) => recording && sent.push(text) });
  agencyId = (await createAgency(t.database.owner, { name: "Agência Me" })).id;
});
afterAll(() => t.close());

type Me = {
  permissions: { module: string; canView: boolean; canCreate: boolean }[];
  agency: { timezone: string; dateFormat: string; currency: string } | null;
};

async function me(cookie: string): Promise<Me> {
  const response = await t.request("/api/me", { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as Me;
}

/** A manager whose session and /api/me answer are cached (two reads). */
async function warmedManager() {
  n += 1;
  const manager = await signedInAs(t, `gestora${n}@me.com.br`, "agency_manager", agencyId);
  await me(manager.cookie);
  await me(manager.cookie);
  return manager;
}

async function tripsOf(cookie: string): Promise<{ answer: Me; trips: string[] }> {
  sent.length = 0;
  recording = true;
  try {
    return { answer: await me(cookie), trips: [...sent] };
  } finally {
    recording = false;
  }
}

const crmOf = (answer: Me) => answer.permissions.find((row) => row.module === "crm_contatos");

describe("GET /api/me on a reused session", () => {
  it("costs one round trip, the session's proof, and answers what a fresh read does", async () => {
    const manager = await warmedManager();
    const { answer, trips } = await tripsOf(manager.cookie);
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatch(
      /EXECUTE nexo_enter_tenant_read\(.*\);\s*(PREPARE nexo_session_proof AS .*;\s*)?EXECUTE nexo_session_proof$/s,
    );
    expect(trips[0]).not.toMatch(/role_permissions/);
    const fresh = await signedInAs(t, `fresca${n}@me.com.br`, "agency_manager", agencyId);
    expect(answer.permissions).toEqual((await me(fresh.cookie)).permissions);
    expect(answer.agency).toEqual((await me(fresh.cookie)).agency);
  });

  it("shows a permission change at once", async () => {
    const manager = await warmedManager();
    const before = crmOf(await me(manager.cookie));
    const where = and(eq(rolePermissions.role, "agency_manager"), eq(rolePermissions.module, "crm_contatos"));
    await t.database.owner.update(rolePermissions).set({ canCreate: !before?.canCreate }).where(where);
    try {
      // The first request finds its session changed and reads everything afresh; the next one reuses
      // that session, proven at the new epoch, which the old answer was not read at.
      for (let i = 0; i < 2; i++) expect(crmOf(await me(manager.cookie))?.canCreate).toBe(!before?.canCreate);
    } finally {
      await t.database.owner
        .update(rolePermissions)
        .set({ canCreate: Boolean(before?.canCreate) })
        .where(where);
    }
    expect(crmOf(await me(manager.cookie))?.canCreate).toBe(before?.canCreate);
  });

  it("shows the agency's new timezone and currency at once", async () => {
    const manager = await warmedManager();
    await t.database.owner
      .update(agencies)
      .set({ timezone: "Europe/Paris", currency: "USD" })
      .where(eq(agencies.id, agencyId));
    for (let i = 0; i < 2; i++) {
      expect((await me(manager.cookie)).agency).toMatchObject({ timezone: "Europe/Paris", currency: "USD" });
    }
  });

  it("shows the agency's new date format at once", async () => {
    const manager = await warmedManager();
    await t.database.owner
      .insert(agencySettings)
      .values({ agencyId, settingKey: "date_format", settingValue: "YYYY-MM-DD" })
      .onConflictDoUpdate({
        target: [agencySettings.agencyId, agencySettings.settingKey],
        set: { settingValue: "YYYY-MM-DD" },
      });
    for (let i = 0; i < 2; i++) expect((await me(manager.cookie)).agency?.dateFormat).toBe("YYYY-MM-DD");
  });

  it("keeps each role's and each agency's own answer", async () => {
    const manager = await warmedManager();
    const designer = await signedInAs(t, `designer${n}@me.com.br`, "team_designer", agencyId);
    const other = (await createAgency(t.database.owner, { name: "Outra Me", currency: "EUR" })).id;
    const otherManager = await signedInAs(t, `gestora-outra${n}@me.com.br`, "agency_manager", other);
    for (let i = 0; i < 2; i++) {
      const [mine, theirs, another] = await Promise.all([
        me(manager.cookie),
        me(designer.cookie),
        me(otherManager.cookie),
      ]);
      expect(mine.permissions).not.toEqual(theirs.permissions);
      expect(another.agency?.currency).toBe("EUR");
      expect(mine.agency?.currency).not.toBe("EUR");
    }
  });
});
