import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, payments, rolePermissions } from "#server/db/schema.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createCompany, invoiceBody } from "#tests/factories/finance.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let auroraId: string;
let auroraManager: { cookie: string };
let auroraPayment: { id: string; invoiceId: string };
let borealPayment: { id: string; invoiceId: string };

/** An invoice of R$ 1.000,00 paid in full by the agency's manager. */
async function paidInvoice(cookie: string, companyId: string) {
  const post = (path: string, body: unknown) => t.request(path, { cookie, body });
  const invoice = (await (await post("/api/finance/invoices", invoiceBody(companyId))).json()) as { id: string };
  const payment = await post("/api/finance/payments", {
    invoiceId: invoice.id,
    paidOn: "2026-11-20",
    amountCents: 100_000,
    method: "pix",
  });
  return { id: ((await payment.json()) as { id: string }).id, invoiceId: invoice.id };
}

beforeAll(async () => {
  t = await createTestApp({ deps: { now: () => new Date("2026-11-25T15:00:00Z") } });
  auroraId = (await createAgency(t.database.owner, { name: "Agência Aurora" })).id;
  const borealId = (await createAgency(t.database.owner, { name: "Agência Boreal" })).id;
  auroraManager = await signedInAs(t, "gestora@aurora.com.br", "agency_manager", auroraId);
  const borealManager = await signedInAs(t, "gestora@boreal.com.br", "agency_manager", borealId);
  const auroraClient = await createCompany(t.database.owner, { agencyId: auroraId, name: "Cliente Aurora" });
  const borealClient = await createCompany(t.database.owner, { agencyId: borealId, name: "Cliente Boreal" });
  auroraPayment = await paidInvoice(auroraManager.cookie, auroraClient.id);
  borealPayment = await paidInvoice(borealManager.cookie, borealClient.id);
});
afterAll(() => t.close());

const reverse = (paymentId: string, cookie?: string) =>
  t.request(`/api/finance/payments/${paymentId}/reverse`, { cookie, body: { reason: "Lançado por engano" } });

/** The payment and its invoice are as they were: in force, invoice paid. */
async function expectUntouched(payment: { id: string; invoiceId: string }) {
  const [row] = await t.database.owner.select().from(payments).where(eq(payments.id, payment.id));
  expect(row).toMatchObject({ reversedAt: null, reversedBy: null, reversalReason: null });
  const [invoice] = await t.database.owner.select().from(invoices).where(eq(invoices.id, payment.invoiceId));
  expect(invoice).toMatchObject({ status: "paga", paidCents: 100_000 });
}

describe("reversing a payment one may not", () => {
  it("is 404 for another agency's payment, a made-up id or a malformed one, and nothing changes", async () => {
    const answers = await Promise.all([
      reverse(borealPayment.id, auroraManager.cookie),
      reverse("7d1b0f0e-9d43-4c36-9d5c-6a1f0b7c2e11", auroraManager.cookie),
      reverse("nao-e-um-id", auroraManager.cookie),
    ]);
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404]);
    const body = (await answers[0].json()) as { error: { message: string } };
    expect(body.error.message).toBe("Pagamento não encontrado.");
    await expectUntouched(borealPayment);
  });

  it("is 401 without a session and 403 for a role without finance payments", async () => {
    expect((await reverse(auroraPayment.id)).status).toBe(401);
    const designer = await signedInAs(t, "designer@aurora.com.br", "team_designer", auroraId);
    expect((await reverse(auroraPayment.id, designer.cookie)).status).toBe(403);
    await expectUntouched(auroraPayment);
  });

  it("is 403 for a role that sees payments and invoices but may not record a payment", async () => {
    await t.database.owner
      .update(rolePermissions)
      .set({ canView: true, canCreate: false, canEdit: true, canDelete: true })
      .where(and(eq(rolePermissions.role, "project_manager"), eq(rolePermissions.module, "financeiro_pagamentos")));
    await t.database.owner
      .update(rolePermissions)
      .set({ canView: true })
      .where(and(eq(rolePermissions.role, "project_manager"), eq(rolePermissions.module, "financeiro_faturas")));
    const reader = await signedInAs(t, "pm@aurora.com.br", "project_manager", auroraId);
    expect(
      (await t.request(`/api/finance/invoices/${auroraPayment.invoiceId}`, { cookie: reader.cookie })).status,
    ).toBe(200);
    const answer = await reverse(auroraPayment.id, reader.cookie);
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(
      "Você não tem permissão para realizar esta ação.",
    );
    await expectUntouched(auroraPayment);
  });
});
