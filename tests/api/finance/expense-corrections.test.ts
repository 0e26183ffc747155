import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExpenseView, FinanceOverview } from "#domain/schemas/finance.ts";
import { queryRows } from "#server/db/client.ts";
import { auditLogs, expenses } from "#server/db/schema.ts";
import { generateRecurringExpenses } from "#server/features/finance/recurring-expenses.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

const NOW = new Date("2026-11-25T15:00:00Z");
let t: TestApp;
let manager: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp({ deps: { now: () => NOW } });
  const agencyId = (await createAgency(t.database.owner, { name: "Agência Aurora" })).id;
  manager = await signedInAs(t, "gestora@aurora.com.br", "agency_manager", agencyId);
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string } };
const send = (path: string, method: string, body?: unknown) =>
  t.request(path, { cookie: manager.cookie, method, body });

async function createExpense(body: Record<string, unknown>): Promise<string> {
  const response = await send("/api/finance/expenses", "POST", body);
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const listed = async () =>
  ((await (await send("/api/finance/expenses?limit=100", "GET")).json()) as { expenses: ExpenseView[] }).expenses;
const novemberExpenses = async () =>
  ((await (await send("/api/finance/overview?from=2026-11-01&to=2026-11-30", "GET")).json()) as FinanceOverview)
    .expensesCents;
const at = (day: string) => new Date(`${day}T15:00:00Z`);

describe("correcting an expense", () => {
  it("edits what was typed, the list and the overview follow, and the audit keeps the old values", async () => {
    const id = await createExpense({
      supplier: "Adobi",
      category: "Software",
      spentOn: "2026-11-03",
      amountCents: 100,
    });
    expect(await novemberExpenses()).toBe(100);

    const edited = await send(`/api/finance/expenses/${id}`, "PUT", {
      supplier: "Adobe",
      category: "Assinaturas",
      description: "Creative Cloud",
      spentOn: "2026-11-04",
      amountCents: 29_000,
      // Not part of an edit: only "Encerrar" changes a recurrence, and an edit never starts one.
      recurrence: "mensal",
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toEqual({ success: true, message: "Despesa atualizada." });
    expect((await listed()).find((e) => e.id === id)).toMatchObject({
      supplier: "Adobe",
      category: "Assinaturas",
      description: "Creative Cloud",
      spentOn: "2026-11-04",
      amountCents: 29_000,
      recurrence: "nenhuma",
    });
    expect(await novemberExpenses()).toBe(29_000);
    const [audit] = await t.database.owner
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resourceId, id), eq(auditLogs.action, "update")));
    expect(audit).toMatchObject({ userId: manager.id, resourceType: "expenses" });
    expect(audit.details).toMatchObject({
      before: { supplier: "Adobi", spentOn: "2026-11-03", amountCents: 100 },
      after: { supplier: "Adobe", spentOn: "2026-11-04", amountCents: 29_000 },
    });
  });

  it("refuses a bad edit in pt-BR and keeps the expense as it was", async () => {
    const id = await createExpense({ supplier: "Gráfica", spentOn: "2026-11-05", amountCents: 5_000 });
    const cases: [Record<string, unknown>, string][] = [
      [{ supplier: " ", spentOn: "2026-11-05", amountCents: 5_000 }, "Informe o fornecedor."],
      [{ supplier: "Gráfica", spentOn: "2026-11-05", amountCents: 0 }, "O valor deve ser maior que zero."],
      [{ supplier: "Gráfica", spentOn: "05/11/2026", amountCents: 5_000 }, "Data inválida."],
    ];
    for (const [body, message] of cases) {
      const answer = await send(`/api/finance/expenses/${id}`, "PUT", body);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as ErrorBody).error.message).toBe(message);
    }
    const [row] = await t.database.owner.select().from(expenses).where(eq(expenses.id, id));
    expect(row).toMatchObject({ supplier: "Gráfica", amountCents: 5_000, spentOn: "2026-11-05" });
  });

  it("deletes an expense: out of the list, the totals and its files' routes; a second delete or edit is 404", async () => {
    const before = await novemberExpenses();
    const id = await createExpense({ supplier: "Duplicada", spentOn: "2026-11-06", amountCents: 7_000 });
    expect(await novemberExpenses()).toBe(before + 7_000);

    const deleted = await send(`/api/finance/expenses/${id}`, "DELETE");
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ success: true, message: "Despesa excluída." });
    expect((await listed()).map((e) => e.id)).not.toContain(id);
    expect(await novemberExpenses()).toBe(before);
    expect((await send(`/api/records/expense/${id}/attachments`, "GET")).status).toBe(404);

    const again = await send(`/api/finance/expenses/${id}`, "DELETE");
    expect(again.status).toBe(404);
    expect(((await again.json()) as ErrorBody).error.message).toBe("Despesa não encontrada.");
    const edit = await send(`/api/finance/expenses/${id}`, "PUT", {
      supplier: "X",
      spentOn: "2026-11-06",
      amountCents: 1,
    });
    expect(edit.status).toBe(404);

    const [row] = await t.database.owner.select().from(expenses).where(eq(expenses.id, id));
    expect(row.deletedAt).toEqual(NOW);
    expect(row.deletedBy).toBe(manager.id);
    const audits = await t.database.owner
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resourceId, id), eq(auditLogs.action, "delete")));
    expect(audits).toHaveLength(1);
    expect(audits[0].details).toMatchObject({ supplier: "Duplicada", amountCents: 7_000 });
  });

  it("a deleted repetition is not made again, and a deleted recurring expense stops repeating", async () => {
    const original = await createExpense({
      supplier: "Aluguel",
      spentOn: "2026-09-10",
      amountCents: 300_000,
      recurrence: "mensal",
    });
    await generateRecurringExpenses(t.database.owner, at("2026-11-25"));
    const copies = () =>
      queryRows<{ id: string; period_key: string; deleted: boolean }>(
        t.database.owner,
        sql`select id, period_key, deleted_at is not null as deleted from expenses
            where recurs_from = ${original} order by period_key`,
      );
    const november = (await copies()).find((c) => c.period_key === "2026-11");
    expect(november).toBeDefined();

    expect((await send(`/api/finance/expenses/${november?.id}`, "DELETE")).status).toBe(200);
    await generateRecurringExpenses(t.database.owner, at("2026-11-26"));
    expect((await copies()).map((c) => [c.period_key, c.deleted])).toEqual([
      ["2026-10", false],
      ["2026-11", true],
    ]);
    expect((await listed()).filter((e) => e.supplier === "Aluguel")).toHaveLength(2);

    expect((await send(`/api/finance/expenses/${original}`, "DELETE")).status).toBe(200);
    await generateRecurringExpenses(t.database.owner, at("2027-01-15"));
    expect((await copies()).map((c) => c.period_key)).toEqual(["2026-10", "2026-11"]);
    expect((await listed()).filter((e) => e.supplier === "Aluguel").map((e) => e.spentOn)).toEqual(["2026-10-10"]);
  });
});
