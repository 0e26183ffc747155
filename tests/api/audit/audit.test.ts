import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditLogRow, AuditStats } from "#domain/schemas/audit.ts";
import { auditLogs } from "#server/db/schema.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;
let aurora: { id: string };
let boreal: { id: string };
let auroraManager: Awaited<ReturnType<typeof signedInAs>>;
let borealManager: Awaited<ReturnType<typeof signedInAs>>;

const NOW = Date.now();
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "raiz@nexo.example.com", "super_admin");
  aurora = await createAgency(t.database.owner, { name: "Aurora" });
  boreal = await createAgency(t.database.owner, { name: "Boreal" });
  auroraManager = await signedInAs(t, "gerente@aurora.com.br", "agency_manager", aurora.id);
  borealManager = await signedInAs(t, "gerente@boreal.com.br", "agency_manager", boreal.id);
  // the sign-ins above are audited too; the assertions below count only the rows written here
  await t.database.owner.delete(auditLogs);
  const rows = [aurora, boreal].flatMap((agency, index) => {
    const userId = index === 0 ? auroraManager.id : borealManager.id;
    return ["login", "update", "delete", "create"].map((action, i) => ({
      userId,
      agencyId: agency.id,
      action,
      resourceType: i % 2 ? "customers" : "auth",
      resourceId: `${agency.id.slice(0, 4)}-recurso-${i}`,
      details: { note: `detalhe-${index === 0 ? "aurora" : "boreal"}` },
      ipAddress: index === 0 ? "198.51.100.1" : "198.51.100.2",
      createdAt: hoursAgo(i + 1),
    }));
  });
  await t.database.owner
    .insert(auditLogs)
    .values([
      ...rows,
      { userId: null, agencyId: aurora.id, action: "login", resourceType: "auth", createdAt: hoursAgo(24 * 40) },
    ]);
});
afterAll(() => t.close());

async function list(cookie: string, query = ""): Promise<AuditLogRow[]> {
  const response = await t.request(`/api/audit-logs${query}`, { cookie });
  expect(response.status, query).toBe(200);
  return (await response.json()) as AuditLogRow[];
}

describe("audit log", () => {
  it("a manager never sees another agency's rows, whatever the filter", async () => {
    const filters = [
      "",
      "?action=login",
      "?resourceType=customers",
      `?userId=${borealManager.id}`,
      "?ipAddress=198.51.100.2",
      "?search=boreal",
      `?search=${boreal.id.slice(0, 4)}`,
      `?from=${hoursAgo(100).toISOString()}&to=${new Date(NOW + 60_000).toISOString()}`,
    ];
    for (const query of filters) {
      const rows = await list(auroraManager.cookie, query);
      expect(
        rows.every((row) => row.agencyId === aurora.id),
        query,
      ).toBe(true);
    }
    expect(await list(auroraManager.cookie, "?search=boreal")).toEqual([]);
    expect(await list(auroraManager.cookie, `?userId=${borealManager.id}`)).toEqual([]);
  });

  it("lists newest first with the user's name and e-mail; filters narrow the rows", async () => {
    const all = await list(admin.cookie);
    expect(new Set(all.map((row) => row.agencyId))).toEqual(new Set([aurora.id, boreal.id]));
    const times = all.map((row) => Date.parse(row.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const logins = await list(admin.cookie, "?action=login");
    expect(logins.length).toBe(3);
    expect(logins[0]).toMatchObject({ action: "login", userEmail: expect.stringContaining("@") });
    const auroraOnly = await list(admin.cookie, "?ipAddress=198.51.100.1&resourceType=customers");
    expect(auroraOnly.map((row) => row.action).sort()).toEqual(["create", "update"]);
    const bySearch = await list(admin.cookie, "?search=gerente@boreal");
    expect(bySearch).toHaveLength(4);
    const recent = await list(admin.cookie, `?from=${hoursAgo(2.5).toISOString()}`);
    expect(recent).toHaveLength(4);
  });

  it.each(["ontem", "0000-01-01", "%2B275760-09-13", "2026-02-30"])(
    "answers 400 with a clear message for a bad date filter (%s), never a 500",
    async (from) => {
      const response = await t.request(`/api/audit-logs?from=${from}`, { cookie: admin.cookie });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe("Data inválida");
    },
  );

  it("statistics are scoped: totals over 30 days, critical actions over 7, suspicious at most 5", async () => {
    const response = await t.request("/api/audit-logs/stats", { cookie: auroraManager.cookie });
    const stats = (await response.json()) as AuditStats;
    expect(stats.totalLast30Days).toBe(4);
    expect(stats.criticalLast7Days).toBe(1); // delete; a plain update is not critical
    expect(stats.byAction.map((row) => row.count).reduce((a, b) => a + b)).toBe(4);
    expect(stats.suspicious.some((row) => row.action === "delete")).toBe(true);
    expect(stats.suspicious.length).toBeLessThanOrEqual(5);
    expect(stats.suspicious.every((row) => row.agencyId === aurora.id)).toBe(true);
  });

  it("cleanup removes only rows older than N days and records itself", async () => {
    const response = await t.request("/api/audit-logs/cleanup", { body: { days: 30 }, cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ removed: 1 });
    const [count] = await t.database.owner.select({ n: sql<number>`count(*)::int` }).from(auditLogs);
    expect(count.n).toBe(9);
    const bad = await t.request("/api/audit-logs/cleanup", { body: { days: 0 }, cookie: admin.cookie });
    expect(bad.status).toBe(400);
  });
});
