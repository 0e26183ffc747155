import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#server/db/client.ts";
import { generateRecurringExpenses } from "#server/features/finance/recurring-expenses.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let aurora: { cookie: string };
let boreal: { cookie: string };
/** Every statement the app sends while `recording` is on. */
const sent: string[] = [];
let recording = false;

beforeAll(async () => {
  t = await createTestApp({ onQuery: (text) => recording && sent.push(text) });
  const a = (await createAgency(t.database.owner, { name: "Agência Aurora" })).id;
  const b = (await createAgency(t.database.owner, { name: "Agência Boreal" })).id;
  aurora = await signedInAs(t, "gestora@aurora.com.br", "agency_manager", a);
  boreal = await signedInAs(t, "gestora@boreal.com.br", "agency_manager", b);
});
afterAll(() => t.close());

const createExpense = async (body: Record<string, unknown>) => {
  const response = await t.request("/api/finance/expenses", { cookie: aurora.cookie, body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
};
const copiesOf = (id: string) =>
  queryRows<{ spent_on: string; period_key: string; amount_cents: number; recurrence: string }>(
    t.database.owner,
    sql`select spent_on::text, period_key, amount_cents::int, recurrence from expenses
        where recurs_from = ${id} order by spent_on`,
  );
const at = (day: string) => new Date(`${day}T15:00:00Z`); // midday in São Paulo

describe("recurring expenses", () => {
  it("copies a monthly expense once per month up to today, catching up missed months, even when runs race", async () => {
    const id = await createExpense({
      supplier: "Adobe",
      category: "Software",
      spentOn: "2026-05-31",
      amountCents: 27900,
      recurrence: "mensal",
    });
    const runs = await Promise.all([1, 2, 3].map(() => generateRecurringExpenses(t.database.owner, at("2026-08-30"))));
    expect(runs.reduce((n, r) => n + r.created, 0)).toBe(2);
    expect(await copiesOf(id)).toEqual([
      { spent_on: "2026-06-30", period_key: "2026-06", amount_cents: 27900, recurrence: "nenhuma" },
      { spent_on: "2026-07-31", period_key: "2026-07", amount_cents: 27900, recurrence: "nenhuma" },
    ]);
    await generateRecurringExpenses(t.database.owner, at("2026-08-31"));
    expect((await copiesOf(id)).map((c) => c.period_key)).toEqual(["2026-06", "2026-07", "2026-08"]);
    const list = await (await t.request("/api/finance/expenses", { cookie: aurora.cookie })).json();
    const adobe = list.expenses.filter((e: { supplier: string }) => e.supplier === "Adobe");
    expect(adobe.map((e: { isRepetition: boolean }) => e.isRepetition)).toEqual([true, true, true, false]);

    sent.length = 0;
    recording = true;
    try {
      expect((await generateRecurringExpenses(t.database.owner, at("2026-08-31"))).created).toBe(0);
    } finally {
      recording = false;
    }
    // The originals with their last period, and the agency's timezone: no insert tried per month.
    expect(sent, sent.join("\n---\n")).toHaveLength(2);
  });

  it("stops when its recurrence is ended; the copies made stay; another agency's is not found", async () => {
    const id = await createExpense({
      supplier: "Hostinger",
      spentOn: "2026-01-10",
      amountCents: 5000,
      recurrence: "anual",
    });
    const path = `/api/finance/expenses/${id}/end-recurrence`;
    expect((await t.request(path, { cookie: boreal.cookie, body: {} })).status).toBe(404);
    await generateRecurringExpenses(t.database.owner, at("2027-02-01"));
    expect((await copiesOf(id)).map((c) => c.period_key)).toEqual(["2027"]);
    const ended = await t.request(path, { cookie: aurora.cookie, body: {} });
    expect(ended.status).toBe(200);
    expect(await ended.json()).toMatchObject({ message: "Recorrência encerrada." });
    await generateRecurringExpenses(t.database.owner, at("2029-02-01"));
    expect((await copiesOf(id)).map((c) => c.period_key)).toEqual(["2027"]);
    const again = await t.request(path, { cookie: aurora.cookie, body: {} });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: { message: "Despesa recorrente não encontrada." } });
  });
});
