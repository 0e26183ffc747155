import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardStats } from "#domain/schemas/dashboard.ts";
import type { ReversedPayment } from "#domain/schemas/finance-corrections.ts";
import type { FinanceOverview, InvoiceView, Page, PaymentView } from "#domain/schemas/finance.ts";
import { auditLogs, invoices, payments, timelineEvents } from "#server/db/schema.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createCompany, invoiceBody } from "#tests/factories/finance.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// 25 Nov 2026, noon in São Paulo: an invoice due on the 20th is overdue, one due in December is not.
const NOW = new Date("2026-11-25T15:00:00Z");
let t: TestApp;
let companyId: string;
let manager: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp({ deps: { now: () => NOW } });
  const agencyId = (await createAgency(t.database.owner, { name: "Agência Aurora" })).id;
  companyId = (await createCompany(t.database.owner, { agencyId, name: "Padaria Pão Quente" })).id;
  manager = await signedInAs(t, "gestora@aurora.com.br", "agency_manager", agencyId);
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string } };
const get = async <T>(path: string) => (await (await t.request(path, { cookie: manager.cookie })).json()) as T;
const post = (path: string, body: unknown) => t.request(path, { cookie: manager.cookie, body });
const reverse = (paymentId: string, body: unknown = { reason: "Digitado R$ 1,00 no lugar de R$ 1.000,00" }) =>
  post(`/api/finance/payments/${paymentId}/reverse`, body);

async function invoiceOf(cents: number, dueDate: string): Promise<string> {
  const body = invoiceBody(companyId, {
    issueDate: "2026-11-01",
    dueDate,
    items: [{ service: "Retainer", quantity: 1, unitPriceCents: cents }],
  });
  const response = await post("/api/finance/invoices", body);
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function pay(invoiceId: string, amountCents: number, paidOn = "2026-11-10"): Promise<string> {
  const response = await post("/api/finance/payments", { invoiceId, paidOn, amountCents, method: "pix" });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const november = "from=2026-11-01&to=2026-11-30";
const overview = () => get<FinanceOverview>(`/api/finance/overview?${november}`);
const paymentIds = async () =>
  (await get<Page<"payments", PaymentView>>(`/api/finance/payments?${november}`)).payments.map((p) => p.id);
const csv = async () => (await t.request(`/api/finance/payments.csv?${november}`, { cookie: manager.cookie })).text();
const dashboardRevenue = async () => (await get<DashboardStats>("/api/dashboard/stats")).revenue?.revenueCents;

describe("estorno of a payment", () => {
  it("reopens a paid, overdue invoice and takes the payment out of revenue, lists and CSV, keeping it on the invoice", async () => {
    const invoiceId = await invoiceOf(100_000, "2026-11-20");
    const paymentId = await pay(invoiceId, 100_000);
    expect((await get<InvoiceView>(`/api/finance/invoices/${invoiceId}`)).status).toBe("paga");
    expect((await overview()).revenueCents).toBe(100_000);
    expect(await dashboardRevenue()).toBe(100_000);
    expect(await paymentIds()).toContain(paymentId);
    expect(await csv()).toContain(";Pix;1000,00;");

    const answer = await reverse(paymentId);
    expect(answer.status).toBe(200);
    const reversed = (await answer.json()) as ReversedPayment;
    expect(reversed.message).toBe("Pagamento estornado.");
    // Due on the 20th, today the 25th in São Paulo: open again, and overdue.
    expect(reversed.invoice).toMatchObject({ status: "vencida", paidCents: 0, balanceCents: 100_000 });

    const invoice = await get<InvoiceView>(`/api/finance/invoices/${invoiceId}`);
    expect(invoice).toMatchObject({ status: "vencida", paidCents: 0, balanceCents: 100_000 });
    expect(invoice.pix).toBeNull(); // no Pix key in this agency; the point is the invoice reads as open
    expect(invoice.payments).toHaveLength(1);
    expect(invoice.payments[0].reversal).toMatchObject({
      reason: "Digitado R$ 1,00 no lugar de R$ 1.000,00",
      byName: "gestora Teste",
      at: NOW.toISOString(),
    });
    const [stored] = await t.database.owner.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(stored).toMatchObject({ status: "emitida", paidCents: 0, paidAt: null });

    const after = await overview();
    expect(after.revenueCents).toBe(0);
    expect(after.monthly.find((m) => m.month === "2026-11")?.revenueCents).toBe(0);
    expect(after.topClients).toEqual([]);
    expect(after.receivables.overdue1to30Cents).toBe(100_000);
    expect(await dashboardRevenue()).toBe(0);
    expect(await paymentIds()).not.toContain(paymentId);
    expect(await csv()).not.toContain(";Pix;1000,00;");

    const [audit] = await t.database.owner
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resourceId, paymentId), eq(auditLogs.action, "update")));
    expect(audit).toMatchObject({ userId: manager.id, resourceType: "payments" });
    expect(audit.details).toMatchObject({ reversed: true, amountCents: 100_000, reason: expect.any(String) });
    const events = await t.database.owner
      .select({ recordType: timelineEvents.recordType, kind: timelineEvents.kind })
      .from(timelineEvents)
      .where(eq(timelineEvents.kind, "payment_reversed"));
    expect(events).toEqual([{ recordType: "invoice", kind: "payment_reversed" }]);

    // The reason the invoice could not be cancelled is gone: with no payment in force it can be.
    const cancel = await post(`/api/finance/invoices/${invoiceId}/cancel`, { reason: "Emitida com valor errado" });
    expect(cancel.status).toBe(200);
  });

  it("recomputes a partly paid invoice from the payments still in force, and it takes payments again", async () => {
    const invoiceId = await invoiceOf(100_000, "2026-12-10");
    const first = await pay(invoiceId, 30_000);
    const second = await pay(invoiceId, 70_000);
    expect((await get<InvoiceView>(`/api/finance/invoices/${invoiceId}`)).status).toBe("paga");

    const one = (await (await reverse(second)).json()) as ReversedPayment;
    expect(one.invoice).toMatchObject({ status: "parcialmente_paga", paidCents: 30_000, balanceCents: 70_000 });
    const both = (await (await reverse(first)).json()) as ReversedPayment;
    expect(both.invoice).toMatchObject({ status: "emitida", paidCents: 0, balanceCents: 100_000 });

    await pay(invoiceId, 100_000);
    const paid = await get<InvoiceView>(`/api/finance/invoices/${invoiceId}`);
    expect(paid).toMatchObject({ status: "paga", paidCents: 100_000, balanceCents: 0 });
    expect(paid.payments.map((p) => p.reversal === null)).toEqual([true, false, false]);
  });

  it("answers once: a second reversal, sequential or concurrent, is 409 and the amount is taken off once", async () => {
    const invoiceId = await invoiceOf(50_000, "2026-12-10");
    const keep = await pay(invoiceId, 20_000);
    const wrong = await pay(invoiceId, 10_000);
    const answers = await Promise.all([reverse(wrong), reverse(wrong)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.status === 409) as Response;
    expect(((await refused.json()) as ErrorBody).error.message).toBe("Este pagamento já foi estornado.");

    const again = await reverse(wrong);
    expect(again.status).toBe(409);
    const invoice = await get<InvoiceView>(`/api/finance/invoices/${invoiceId}`);
    expect(invoice).toMatchObject({ status: "parcialmente_paga", paidCents: 20_000, balanceCents: 30_000 });
    expect(invoice.payments.find((p) => p.id === keep)?.reversal).toBeNull();
    const audits = await t.database.owner.select().from(auditLogs).where(eq(auditLogs.resourceId, wrong));
    expect(audits.filter((a) => a.action === "update")).toHaveLength(1);
  });

  it("requires a reason, in pt-BR, and changes nothing without one", async () => {
    const invoiceId = await invoiceOf(10_000, "2026-12-10");
    const paymentId = await pay(invoiceId, 10_000);
    for (const body of [{}, { reason: "" }, { reason: "   " }, { reason: "x".repeat(501) }]) {
      const answer = await reverse(paymentId, body);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as ErrorBody).error.message).toMatch(
        /^(Informe o motivo do estorno\.|O motivo do estorno pode ter no máximo 500 caracteres\.)$/,
      );
    }
    const [payment] = await t.database.owner.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment.reversedAt).toBeNull();
    expect((await get<InvoiceView>(`/api/finance/invoices/${invoiceId}`)).status).toBe("paga");
  });
});
