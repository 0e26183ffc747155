import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardStats } from "#domain/schemas/dashboard.ts";
import type { FinanceOverview } from "#domain/schemas/finance.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createCompany, invoiceBody } from "#tests/factories/finance.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// 25 Nov 2026, noon in São Paulo: "this month so far" is 1–25 Nov, the same days last month 1–25 Oct.
const NOW = new Date("2026-11-25T15:00:00Z");
let t: TestApp;
let aurora: { cookie: string };
let boreal: { cookie: string };

async function payments(who: { cookie: string }, companyId: string, paid: { paidOn: string; cents: number }[]) {
  const invoice = await t.request("/api/finance/invoices", {
    cookie: who.cookie,
    body: invoiceBody(companyId, {
      issueDate: "2026-10-01",
      dueDate: "2026-12-30",
      items: [{ service: "Retainer", quantity: 1, unitPriceCents: 1_000_000 }],
    }),
  });
  const { id } = (await invoice.json()) as { id: string };
  for (const { paidOn, cents } of paid) {
    const answer = await t.request("/api/finance/payments", {
      cookie: who.cookie,
      body: { invoiceId: id, paidOn, amountCents: cents, method: "pix" },
    });
    expect(answer.status).toBe(201);
  }
}

async function revenueCard(who: { cookie: string }) {
  const body = (await (await t.request("/api/dashboard/stats", { cookie: who.cookie })).json()) as DashboardStats;
  return body.revenue;
}

beforeAll(async () => {
  t = await createTestApp({ deps: { now: () => NOW } });
  const a = (await createAgency(t.database.owner, { name: "Agência Aurora" })).id;
  const b = (await createAgency(t.database.owner, { name: "Agência Boreal" })).id;
  aurora = await signedInAs(t, "gestora@aurora.com.br", "agency_manager", a);
  boreal = await signedInAs(t, "gestora@boreal.com.br", "agency_manager", b);
  await payments(aurora, (await createCompany(t.database.owner, { agencyId: a, name: "Padaria" })).id, [
    { paidOn: "2026-10-12", cents: 80_000 },
    { paidOn: "2026-10-28", cents: 50_000 }, // after the 25th: not in the comparison
    { paidOn: "2026-11-10", cents: 100_000 },
  ]);
  await payments(boreal, (await createCompany(t.database.owner, { agencyId: b, name: "Clínica" })).id, [
    { paidOn: "2026-11-03", cents: 42_000 },
  ]);
});
afterAll(() => t.close());

describe("the dashboard's Faturamento card", () => {
  it("shows what Visão Geral shows for this month so far, and the change against the same days of last month", async () => {
    const card = await revenueCard(aurora);
    expect(card).toEqual({
      from: "2026-11-01",
      to: "2026-11-25",
      revenueCents: 100_000,
      previousRevenueCents: 80_000,
      changePercent: 25,
    });
    const overview = (await (
      await t.request(`/api/finance/overview?from=${card?.from}&to=${card?.to}`, { cookie: aurora.cookie })
    ).json()) as FinanceOverview;
    expect(overview.revenueCents).toBe(card?.revenueCents);
  });

  it("gives no percentage when last month received nothing, and counts only the caller's agency", async () => {
    expect(await revenueCard(boreal)).toMatchObject({
      revenueCents: 42_000,
      previousRevenueCents: 0,
      changePercent: null,
    });
  });
});
