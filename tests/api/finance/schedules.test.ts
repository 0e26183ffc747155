import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FINANCE_MESSAGES } from "#domain/schemas/finance.ts";
import { queryRows } from "#server/db/client.ts";
import { generateRecurringInvoices } from "#server/features/finance/generate-recurring-invoices.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createCompany } from "#tests/factories/finance.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let companyId: string;
let manager: Awaited<ReturnType<typeof signedInAs>>;
let outsider: Awaited<ReturnType<typeof signedInAs>>;
const NOW = new Date("2026-11-25T15:00:00Z");
/** Every statement the app sends while `recording` is on. */
const sent: string[] = [];
let recording = false;

beforeAll(async () => {
  t = await createTestApp({ deps: { now: () => NOW }, onQuery: (text) => recording && sent.push(text) });
  const aurora = (await createAgency(t.database.owner, { name: "Aurora Retainers" })).id;
  const boreal = (await createAgency(t.database.owner, { name: "Boreal Retainers" })).id;
  companyId = (await createCompany(t.database.owner, { agencyId: aurora, name: "Academia Movimento" })).id;
  manager = await signedInAs(t, "gestora@retainers.com.br", "agency_manager", aurora);
  outsider = await signedInAs(t, "gestora@boreal-retainers.com.br", "agency_manager", boreal);
});
afterAll(() => t.close());

type Schedules = { schedules: { id: string; active: boolean; amountCents: number }[] };

describe("retainers (recurring invoices)", () => {
  it("are created, listed and ended; an ended one generates nothing more", async () => {
    const created = await t.request("/api/finance/schedules", {
      cookie: manager.cookie,
      body: { companyId, description: "Gestão de redes", amountCents: 250_000, dayOfMonth: 5, startDate: "2026-12-01" },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const outsiderEnd = await t.request(`/api/finance/schedules/${id}/end`, { cookie: outsider.cookie, body: {} });
    expect(outsiderEnd.status).toBe(404);
    expect(((await outsiderEnd.json()) as { error: { message: string } }).error.message).toBe(
      FINANCE_MESSAGES.scheduleNotFound,
    );

    const ended = await t.request(`/api/finance/schedules/${id}/end`, { cookie: manager.cookie, body: {} });
    expect(ended.status).toBe(200);
    const list = (await (await t.request("/api/finance/schedules", { cookie: manager.cookie })).json()) as Schedules;
    expect(list.schedules.find((s) => s.id === id)).toMatchObject({ active: false, amountCents: 250_000 });

    await generateRecurringInvoices(t.database.owner, new Date("2027-02-10T12:00:00Z"));
    const issued = await queryRows<{ n: number }>(
      t.database.owner,
      sql`select count(*)::int as n from invoices where schedule_id = ${id}`,
    );
    expect(issued[0].n).toBe(0);
  });

  it("catch up every missed period once; a later run looks at no period already issued", async () => {
    const created = await t.request("/api/finance/schedules", {
      cookie: manager.cookie,
      body: { companyId, description: "Tráfego pago", amountCents: 180_000, dayOfMonth: 5, startDate: "2025-11-01" },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const periods = async () =>
      (
        await queryRows<{ period_key: string }>(
          t.database.owner,
          sql`select period_key from invoices where schedule_id = ${id} order by period_key`,
        )
      ).map((row) => row.period_key);

    expect((await generateRecurringInvoices(t.database.owner, NOW)).created).toBe(13);
    expect((await periods()).at(0)).toBe("2025-11");
    expect((await periods()).at(-1)).toBe("2026-11");

    sent.length = 0;
    recording = true;
    try {
      expect((await generateRecurringInvoices(t.database.owner, NOW)).created).toBe(0);
    } finally {
      recording = false;
    }
    // The schedules with their last period, and the agency's timezone: not one read per period.
    expect(sent, sent.join("\n---\n")).toHaveLength(2);

    expect((await generateRecurringInvoices(t.database.owner, new Date("2027-01-10T15:00:00Z"))).created).toBe(2);
    expect((await periods()).slice(-3)).toEqual(["2026-11", "2026-12", "2027-01"]);
  });

  it("refuse a day past 28 or an unknown frequency with the field's own message", async () => {
    const body = { companyId, description: "Gestão", amountCents: 1000, dayOfMonth: 5, startDate: "2026-12-01" };
    const refusal = async (overrides: Record<string, unknown>) => {
      const response = await t.request("/api/finance/schedules", {
        cookie: manager.cookie,
        body: { ...body, ...overrides },
      });
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: { message: string } }).error.message;
    };
    expect(await refusal({ dayOfMonth: 31 })).toBe(FINANCE_MESSAGES.dayOfMonth);
    expect(await refusal({ frequency: "semanal" })).toBe(FINANCE_MESSAGES.invalidFrequency);
  });

  it("issue invoices with the schedule's ISS: the agency's default unless the schedule names its own", async () => {
    const settings = await t.request("/api/finance/settings", {
      cookie: manager.cookie,
      method: "PUT",
      body: { defaultIssRateBp: 500 },
    });
    expect(settings.status).toBe(200);
    const create = async (iss: Record<string, unknown>) => {
      const body = { companyId, description: "Retainer", amountCents: 100_000, dayOfMonth: 5, startDate: "2026-11-01" };
      const response = await t.request("/api/finance/schedules", { cookie: manager.cookie, body: { ...body, ...iss } });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const byDefault = await create({});
    const ownRate = await create({ issRateBp: 200, issWithheld: true });

    await generateRecurringInvoices(t.database.owner, NOW);
    const issued = await queryRows<{
      schedule_id: string;
      iss_rate_bp: number;
      iss_withheld: boolean;
      amount_due_cents: number;
    }>(
      t.database.owner,
      sql`select schedule_id, iss_rate_bp, iss_withheld, amount_due_cents::int from invoices
          where schedule_id in (${byDefault}, ${ownRate}) order by iss_rate_bp desc`,
    );
    expect(issued).toEqual([
      { schedule_id: byDefault, iss_rate_bp: 500, iss_withheld: false, amount_due_cents: 100_000 },
      // 2% withheld by the client: R$ 1.000,00 − R$ 20,00.
      { schedule_id: ownRate, iss_rate_bp: 200, iss_withheld: true, amount_due_cents: 98_000 },
    ]);
    const list = (await (await t.request("/api/finance/schedules", { cookie: manager.cookie })).json()) as {
      schedules: { id: string; issRateBp: number; issWithheld: boolean }[];
    };
    expect(list.schedules.find((s) => s.id === ownRate)).toMatchObject({ issRateBp: 200, issWithheld: true });
  });
});
