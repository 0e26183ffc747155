import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expenses, rolePermissions } from "#server/db/schema.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let auroraId: string;
let auroraManager: { cookie: string };
let auroraExpense: string;
let borealExpense: string;

const EXPENSE = { supplier: "Adobe", spentOn: "2026-11-03", amountCents: 29_000 };

async function createExpense(cookie: string): Promise<string> {
  const response = await t.request("/api/finance/expenses", { cookie, body: EXPENSE });
  return ((await response.json()) as { id: string }).id;
}

beforeAll(async () => {
  t = await createTestApp({ deps: { now: () => new Date("2026-11-25T15:00:00Z") } });
  auroraId = (await createAgency(t.database.owner, { name: "Agência Aurora" })).id;
  const borealId = (await createAgency(t.database.owner, { name: "Agência Boreal" })).id;
  auroraManager = await signedInAs(t, "gestora@aurora.com.br", "agency_manager", auroraId);
  const borealManager = await signedInAs(t, "gestora@boreal.com.br", "agency_manager", borealId);
  auroraExpense = await createExpense(auroraManager.cookie);
  borealExpense = await createExpense(borealManager.cookie);
});
afterAll(() => t.close());

const edit = (id: string, cookie?: string) =>
  t.request(`/api/finance/expenses/${id}`, { cookie, method: "PUT", body: { ...EXPENSE, amountCents: 1 } });
const remove = (id: string, cookie?: string) => t.request(`/api/finance/expenses/${id}`, { cookie, method: "DELETE" });

async function expectUntouched(id: string) {
  const [row] = await t.database.owner.select().from(expenses).where(eq(expenses.id, id));
  expect(row).toMatchObject({ amountCents: 29_000, deletedAt: null });
}

describe("correcting an expense one may not", () => {
  it("is 404 for another agency's expense or a malformed id, and nothing changes", async () => {
    const answers = await Promise.all([
      edit(borealExpense, auroraManager.cookie),
      remove(borealExpense, auroraManager.cookie),
      edit("nao-e-um-id", auroraManager.cookie),
      remove("nao-e-um-id", auroraManager.cookie),
    ]);
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    expect(((await answers[0].json()) as { error: { message: string } }).error.message).toBe("Despesa não encontrada.");
    await expectUntouched(borealExpense);
  });

  it("is 401 without a session and 403 for a role without finance payments", async () => {
    expect((await edit(auroraExpense)).status).toBe(401);
    expect((await remove(auroraExpense)).status).toBe(401);
    const designer = await signedInAs(t, "designer@aurora.com.br", "team_designer", auroraId);
    expect((await edit(auroraExpense, designer.cookie)).status).toBe(403);
    expect((await remove(auroraExpense, designer.cookie)).status).toBe(403);
    await expectUntouched(auroraExpense);
  });

  it("is 403 for a role that sees expenses but may not enter one", async () => {
    await t.database.owner
      .update(rolePermissions)
      .set({ canView: true, canCreate: false, canEdit: true, canDelete: true })
      .where(and(eq(rolePermissions.role, "project_manager"), eq(rolePermissions.module, "financeiro_pagamentos")));
    const reader = await signedInAs(t, "pm@aurora.com.br", "project_manager", auroraId);
    expect((await t.request("/api/finance/expenses", { cookie: reader.cookie })).status).toBe(200);
    expect((await edit(auroraExpense, reader.cookie)).status).toBe(403);
    expect((await remove(auroraExpense, reader.cookie)).status).toBe(403);
    await expectUntouched(auroraExpense);
  });
});
