import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SecurityOverview } from "#domain/schemas/security-admin.ts";
import { accountLockouts, agencySettings, auditLogs, signInFailures } from "#server/db/schema.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "raiz@nexo.example.com", "super_admin");
});
afterAll(() => t.close());

describe("security tab", () => {
  it("shows current locks only, each agency's two-factor requirement and recent failures; unlock lifts a lock", async () => {
    const agency = await createAgency(t.database.owner, { name: "Aurora" });
    await t.database.owner.insert(agencySettings).values({
      agencyId: agency.id,
      settingKey: "two_factor_required",
      settingValue: true,
    });
    await createAgency(t.database.owner, { name: "Boreal" });
    const future = new Date(Date.now() + 15 * 60_000);
    await t.database.owner.insert(accountLockouts).values([
      { email: "preso@aurora.com.br", lockedUntil: future },
      { email: "antigo@aurora.com.br", lockedUntil: new Date(Date.now() - 60_000) },
    ]);
    await t.database.owner.insert(signInFailures).values([
      { email: "preso@aurora.com.br", ipAddress: "198.51.100.9" },
      { email: "preso@aurora.com.br", ipAddress: "198.51.100.9" },
    ]);

    const overview = (await (
      await t.request("/api/admin/security", { cookie: admin.cookie })
    ).json()) as SecurityOverview;
    expect(overview.lockedAccounts.map((lock) => lock.email)).toEqual(["preso@aurora.com.br"]);
    expect(overview.agencyTwoFactor.map((a) => [a.agencyName, a.isTwoFactorRequired])).toEqual([
      ["Aurora", true],
      ["Boreal", false],
    ]);
    expect(overview.recentFailures).toHaveLength(2);

    const unlock = await t.request("/api/admin/security/unlock", {
      body: { email: "Preso@Aurora.com.br" },
      cookie: admin.cookie,
    });
    expect(unlock.status).toBe(200);
    const after = (await (await t.request("/api/admin/security", { cookie: admin.cookie })).json()) as SecurityOverview;
    expect(after.lockedAccounts).toEqual([]);
    expect(after.recentFailures).toEqual([]);
    const audit = await t.database.owner.select().from(auditLogs);
    expect(audit.map((row) => row.action)).toContain("account_unlocked");

    const again = await t.request("/api/admin/security/unlock", {
      body: { email: "preso@aurora.com.br" },
      cookie: admin.cookie,
    });
    expect(again.status).toBe(404);
  });
});
