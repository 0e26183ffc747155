import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createCompany, invoiceBody } from "#tests/factories/finance.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/** QA #2: a day that does not exist must be a pt-BR 400, never PostgreSQL's refusal as a 500. */
let t: TestApp;
let cookie: string;
let companyId: string;

beforeAll(async () => {
  t = await createTestApp();
  const agencyId = (await createAgency(t.database.owner, { name: "Agência Calendário" })).id;
  companyId = (await createCompany(t.database.owner, { agencyId, name: "Cliente Calendário" })).id;
  cookie = (await signedInAs(t, "gestora@calendario.com.br", "agency_manager", agencyId)).cookie;
});
afterAll(() => t.close());

const refusals: { route: string; body?: () => unknown; message?: string }[] = [
  { route: "POST /api/finance/invoices", body: () => invoiceBody(companyId, { issueDate: "2026-02-30" }) },
  { route: "POST /api/finance/invoices", body: () => invoiceBody(companyId, { issueDate: "2026-02-29" }) },
  { route: "GET /api/finance/invoices?from=2026-04-31" },
  { route: "GET /api/finance/overview?from=2026-02-30&to=2026-03-01" },
  {
    route: "POST /api/finance/expenses",
    body: () => ({ supplier: "Google", spentOn: "2026-06-31", amountCents: 100 }),
  },
  {
    route: "POST /api/finance/payments",
    body: () => ({ invoiceId: crypto.randomUUID(), paidOn: "2026-11-31", amountCents: 100, method: "pix" }),
  },
  { route: "POST /api/crm/deals", body: () => ({ title: "Site novo", expectedCloseOn: "2026-02-30" }) },
  { route: "GET /api/crm/deals?closeFrom=2026-02-30" },
  { route: "GET /api/crm/reports?from=2026-02-30&to=2026-03-31" },
  { route: "GET /api/time/report?from=2026-02-30&to=2026-03-31", message: "Data inválida" },
  { route: "GET /api/time/timesheet?week=2026-02-30", message: "Semana inválida" },
];

describe("impossible calendar dates", () => {
  it.each(refusals)("$route answers 400 with the field's pt-BR message", async ({ route, body, message }) => {
    const [method, path] = route.split(" ");
    const response = await t.request(path, { cookie, method, body: body?.() });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { error: { message: string } };
    expect(answer.error.message).toContain(message ?? "Data inválida.");
  });

  it("the 29th of February of a leap year is a date like any other", async () => {
    const response = await t.request("/api/finance/invoices", {
      cookie,
      body: invoiceBody(companyId, { issueDate: "2028-02-29", dueDate: "2028-03-10" }),
    });
    expect(response.status).toBe(201);
  });
});
