import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, payments, quotes } from "#server/db/schema.ts";
import { ROUTES } from "#server/routes.ts";
import { NAV_ITEMS } from "#web/navigation.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createCompany, invoiceBody, quoteBody } from "#tests/factories/finance.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let aurora: { manager: { cookie: string }; companyId: string };
let boreal: { manager: { cookie: string }; companyId: string; quoteId: string; invoiceId: string; token: string };
let designer: { cookie: string };
let projectManager: { cookie: string };

// A fixed day: the factories' quote is valid until 2026-12-20, and an expired quote cannot be sent.
const NOW = new Date("2026-11-25T15:00:00Z");

beforeAll(async () => {
  t = await createTestApp({ deps: { now: () => NOW } });
  const a = (await createAgency(t.database.owner, { name: "Agência Aurora" })).id;
  const b = (await createAgency(t.database.owner, { name: "Agência Boreal" })).id;
  aurora = {
    manager: await signedInAs(t, "gestora@aurora.com.br", "agency_manager", a),
    companyId: (await createCompany(t.database.owner, { agencyId: a, name: "Cliente Aurora" })).id,
  };
  const bManager = await signedInAs(t, "gestora@boreal.com.br", "agency_manager", b);
  const bCompany = (
    await createCompany(t.database.owner, { agencyId: b, name: "Cliente Boreal", email: "c@boreal.com.br" })
  ).id;
  const post = (path: string, body: unknown) => t.request(path, { cookie: bManager.cookie, body });
  const quoteId = ((await (await post("/api/finance/quotes", quoteBody(bCompany))).json()) as { id: string }).id;
  const sent = (await (await post(`/api/finance/quotes/${quoteId}/send`, {})).json()) as { publicUrl: string };
  const invoiceId = ((await (await post("/api/finance/invoices", invoiceBody(bCompany))).json()) as { id: string }).id;
  boreal = {
    manager: bManager,
    companyId: bCompany,
    quoteId,
    invoiceId,
    token: sent.publicUrl.split("/").at(-1) as string,
  };
  designer = await signedInAs(t, "designer@aurora.com.br", "team_designer", a);
  projectManager = await signedInAs(t, "pm@aurora.com.br", "project_manager", a);
});
afterAll(() => t.close());

describe("another agency's finance records", () => {
  it("are 404 by id, for reading, PDF, editing, sending, invoicing, cancelling and paying, and nothing changes", async () => {
    const as = (path: string, body?: unknown) => t.request(path, { cookie: aurora.manager.cookie, body });
    const answers = await Promise.all([
      as(`/api/finance/quotes/${boreal.quoteId}`),
      as(`/api/finance/quotes/${boreal.quoteId}/pdf`),
      as(`/api/finance/quotes/${boreal.quoteId}/send`, {}),
      t.request(`/api/finance/quotes/${boreal.quoteId}`, {
        cookie: aurora.manager.cookie,
        method: "PUT",
        body: { ...quoteBody(aurora.companyId), expectedUpdatedAt: new Date().toISOString() },
      }),
      as(`/api/finance/quotes/${boreal.quoteId}/invoice`, { issueDate: "2026-11-20", dueDate: "2026-11-30" }),
      as(`/api/finance/invoices/${boreal.invoiceId}`),
      as(`/api/finance/invoices/${boreal.invoiceId}/pdf`),
      as(`/api/finance/invoices/${boreal.invoiceId}/cancel`, { reason: "Tentativa" }),
      as("/api/finance/payments", {
        invoiceId: boreal.invoiceId,
        paidOn: "2026-11-20",
        amountCents: 100,
        method: "pix",
      }),
      as("/api/finance/invoices", invoiceBody(boreal.companyId)),
      as("/api/finance/quotes", quoteBody(boreal.companyId)),
    ]);
    expect(answers.map((r) => r.status)).toEqual(Array(11).fill(404));
    const [invoice] = await t.database.owner.select().from(invoices).where(eq(invoices.id, boreal.invoiceId));
    expect(invoice.status).toBe("emitida");
    expect(await t.database.owner.select().from(payments)).toHaveLength(0);
    const [quote] = await t.database.owner.select().from(quotes).where(eq(quotes.id, boreal.quoteId));
    expect(quote).toMatchObject({ status: "enviado", title: "Gestão de redes sociais" });
  });

  it("are 404 through the shared timeline and files routes too, while the caller's own answer", async () => {
    const as = (path: string) => t.request(path, { cookie: aurora.manager.cookie });
    const foreign = await Promise.all([
      as(`/api/timeline/quote/${boreal.quoteId}`),
      as(`/api/timeline/invoice/${boreal.invoiceId}`),
      as(`/api/records/quote/${boreal.quoteId}/attachments`),
      as(`/api/records/invoice/${boreal.invoiceId}/attachments`),
    ]);
    expect(foreign.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    const own = (await (
      await t.request("/api/finance/quotes", { cookie: aurora.manager.cookie, body: quoteBody(aurora.companyId) })
    ).json()) as { id: string };
    expect((await as(`/api/timeline/quote/${own.id}`)).status).toBe(200);
    expect((await as(`/api/records/quote/${own.id}/attachments`)).status).toBe(200);
  });

  it("lists show only the caller's agency", async () => {
    const list = (await (await t.request("/api/finance/invoices", { cookie: aurora.manager.cookie })).json()) as {
      invoices: unknown[];
    };
    expect(list.invoices).toHaveLength(0);
  });
});

describe("the public link", () => {
  it("is 404 for an unknown or malformed token and reveals nothing else of the agency", async () => {
    expect((await t.request(`/api/public/quotes/${"x".repeat(43)}`)).status).toBe(404);
    expect((await t.request("/api/public/quotes/curto")).status).toBe(404);
    const view = await (await t.request(`/api/public/quotes/${boreal.token}`)).text();
    expect(view).not.toContain("c@boreal.com.br");
    expect(view).not.toContain(boreal.companyId);
    expect(view).not.toContain(boreal.quoteId);
  });

  it("is refused once expired", async () => {
    await t.database.owner
      .update(quotes)
      .set({ tokenExpiresAt: new Date(NOW.getTime() - 1000) })
      .where(eq(quotes.id, boreal.quoteId));
    expect((await t.request(`/api/public/quotes/${boreal.token}`)).status).toBe(404);
    const decision = await t.request(`/api/public/quotes/${boreal.token}/decision`, {
      body: { decision: "aceitar", name: "Alguém" },
    });
    expect(decision.status).toBe(404);
  });
});

describe("permissions", () => {
  it("401 without a session, 403 for roles without the finance modules", async () => {
    expect((await t.request("/api/finance/invoices")).status).toBe(401);
    expect((await t.request("/api/finance/invoices", { cookie: designer.cookie })).status).toBe(403);
    expect((await t.request("/api/finance/quotes", { cookie: designer.cookie })).status).toBe(403);
    // A project manager may quote (financeiro_orcamentos) but not invoice or take payments.
    expect((await t.request("/api/finance/quotes", { cookie: projectManager.cookie })).status).toBe(200);
    expect(
      (await t.request("/api/finance/invoices", { cookie: projectManager.cookie, body: invoiceBody(aurora.companyId) }))
        .status,
    ).toBe(403);
    expect((await t.request("/api/finance/payments", { cookie: projectManager.cookie })).status).toBe(403);
  });

  it("the overview answers whom the sidebar lets open it: the invoices module, not a project manager", async () => {
    const overview = "/api/finance/overview?from=2026-11-01&to=2026-11-30";
    expect((await t.request(overview, { cookie: aurora.manager.cookie })).status).toBe(200);
    const denied = await t.request(overview, { cookie: projectManager.cookie });
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    const route = ROUTES.find((r) => r.method === "GET" && r.path === "/api/finance/overview");
    const screen = NAV_ITEMS.find((i) => i.key === "financeiro")?.children.find((c) => c.slug === "visao-geral");
    expect(route?.access).toEqual({ kind: "permission", module: screen?.module, action: "view" });
  });
});
