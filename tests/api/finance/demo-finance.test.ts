import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardStats } from "#domain/schemas/dashboard.ts";
import type { FinanceOverview, Page, QuoteSummary } from "#domain/schemas/finance.ts";
import { invoices } from "#server/db/schema.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { seedDemo } from "#tests/factories/demo-data.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

const NOW = new Date("2026-11-25T15:00:00Z");
let t: TestApp;
let auroraId: string;
let manager: { cookie: string };

beforeAll(async () => {
  t = await createTestApp({ deps: { now: () => NOW } });
  auroraId = (await seedDemo(t.deps.auth, t.database.owner, NOW)).aurora.id;
  manager = await signedInAs(t, "financeiro-demo@aurora.example.com", "agency_manager", auroraId);
});
afterAll(() => t.close());

const get = async <T>(path: string) => (await (await t.request(path, { cookie: manager.cookie })).json()) as T;

describe("Agência Aurora's demo money", () => {
  it("shows a month that makes sense: received, spent, a profit, money still to come and some overdue", async () => {
    const month = await get<FinanceOverview>("/api/finance/overview?from=2026-11-01&to=2026-11-25");
    expect(month.revenueCents).toBeGreaterThan(0);
    expect(month.expensesCents).toBeGreaterThan(0);
    expect(month.netProfitCents).toBe(month.revenueCents - month.expensesCents);
    expect(month.netProfitCents).toBeGreaterThan(0);
    expect(month.receivables.notDueCents).toBeGreaterThan(0);
    const overdue =
      month.receivables.overdue1to30Cents + month.receivables.overdue31to60Cents + month.receivables.overdueOver60Cents;
    expect(overdue).toBeGreaterThan(0);
    expect(overdue).toBeLessThan(month.mrrCents); // a few invoices late, not a collapse
    // Monthly: Gestão de redes sociais 3.500 + Tráfego pago 2.500 + a quarterly 6.000 ÷ 3.
    expect(month.mrrCents).toBe(800_000);
    const dashboard = await get<DashboardStats>("/api/dashboard/stats");
    expect(dashboard.revenue?.revenueCents).toBe(month.revenueCents);
  });

  it("has a year of revenue and expenses month by month, and invoices numbered with no gap", async () => {
    const year = await get<FinanceOverview>("/api/finance/overview?from=2025-12-01&to=2026-11-25");
    expect(year.monthly).toHaveLength(12);
    for (const m of year.monthly) {
      expect(m.revenueCents, m.month).toBeGreaterThan(0);
      expect(m.expensesCents, m.month).toBeGreaterThan(0);
    }
    expect(year.netProfitCents).toBeGreaterThan(0);
    expect(year.topClients.map((c) => c.name)).toContain("Padaria Pão Quente");
    const numbers = (
      await t.database.owner.select({ number: invoices.number }).from(invoices).where(eq(invoices.agencyId, auroraId))
    )
      .map((r) => r.number as number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  });

  it("has quotes in every status and a price list", async () => {
    const quotes = await get<Page<"quotes", QuoteSummary>>("/api/finance/quotes?limit=100");
    expect(new Set(quotes.quotes.map((q) => q.status))).toEqual(
      new Set(["rascunho", "enviado", "aceito", "recusado", "expirado"]),
    );
    expect((await get<{ items: unknown[] }>("/api/finance/price-items")).items.length).toBeGreaterThanOrEqual(5);
  });
});
