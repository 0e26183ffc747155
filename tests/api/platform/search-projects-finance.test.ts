import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResult } from "#domain/schemas/search.ts";
import { queryRows } from "#server/db/client.ts";
import { withTenant } from "#server/db/tenant.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createCompany, invoiceBody } from "#tests/factories/finance.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// Ctrl+K over projects, quotes and invoices (issue 15 §3) through their trigram indexes
// (project_search_ids, quote_search_ids, finance_client_search_ids: migration 0033): folded, ranked
// as before, within the caller's agency and record scope.
let t: TestApp;
type Member = { id: string; cookie: string };
let manager: Member;
let planner: Member;
let designer: Member;
let outsider: Member;
let agency: string;
let other: string;
const ids: Record<string, string> = {};

const insertRow = async (query: ReturnType<typeof sql>) => {
  const rows = await t.database.owner.execute(query);
  return (rows as unknown as { rows: Array<{ id: string }> }).rows[0].id;
};
/** A project created `daysAgo` days ago (the search ranks the newest first after an exact name). */
const project = (agencyId: string, name: string, options: { ownerId?: string; daysAgo?: number } = {}) =>
  insertRow(sql`insert into projects (agency_id, name, owner_id, created_at)
    values (${agencyId}, ${name}, ${options.ownerId ?? null}, now() - make_interval(days => ${options.daysAgo ?? 0}))
    returning id`);
const quote = (agencyId: string, companyId: string, title: string, createdBy: string, daysAgo = 0) =>
  insertRow(sql`insert into quotes (agency_id, company_id, title, issue_date, valid_until, subtotal_cents,
      total_cents, amount_due_cents, created_by, created_at)
    values (${agencyId}, ${companyId}, ${title}, '2026-11-20', '2026-12-20', 100000, 100000, 100000, ${createdBy},
      now() - make_interval(days => ${daysAgo})) returning id`);

const hitsOf = async (q: string, who: Member, type: "project" | "quote" | "invoice", limit = 20) => {
  const response = await t.request(`/api/search?q=${encodeURIComponent(q)}&limit=${limit}`, { cookie: who.cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as SearchResult).hits.filter((hit) => hit.recordType === type);
};
const titles = async (q: string, who: Member, type: "project" | "quote" | "invoice") =>
  (await hitsOf(q, who, type)).map((hit) => hit.title).sort();

beforeAll(async () => {
  t = await createTestApp();
  agency = (await createAgency(t.database.owner, { name: "Agência Orçamentos" })).id;
  other = (await createAgency(t.database.owner, { name: "Outra Orçamentos" })).id;
  // The project manager views quotes with scope "own" here, and only its own companies in the CRM.
  await t.database.owner.execute(sql`update role_permissions set record_scope = 'own'
    where role = 'project_manager' and module in ('financeiro_orcamentos', 'crm_contatos')`);
  manager = await signedInAs(t, "gestor@orcamentos.com", "agency_manager", agency);
  planner = await signedInAs(t, "pm@orcamentos.com", "project_manager", agency);
  designer = await signedInAs(t, "designer@orcamentos.com", "team_designer", agency);
  outsider = await signedInAs(t, "gestor@outraorcamentos.com", "agency_manager", other);

  // Projects: "Lançamento" in many, one named exactly so and the oldest; the designer owns one.
  ids.exact = await project(agency, "Lançamento", { daysAgo: 400 });
  for (let n = 1; n <= 25; n++) ids[`launch${n}`] = await project(agency, `Lançamento ${n}`, { daysAgo: 100 - n });
  ids.designers = await project(agency, "Lançamento Ímpar do designer", { ownerId: designer.id, daysAgo: 200 });
  await project(other, "Lançamento alheio");

  const clinic = (await createCompany(t.database.owner, { agencyId: agency, name: "Clínica Sorriso" })).id;
  const bakery = (await createCompany(t.database.owner, { agencyId: agency, name: "Padaria Pão Quente" })).id;
  const plannersClient = (
    await createCompany(t.database.owner, { agencyId: agency, name: "Estúdio Ótimo", ownerId: planner.id })
  ).id;
  const theirClinic = (await createCompany(t.database.owner, { agencyId: other, name: "Clínica Sorriso" })).id;
  ids.clinicQuote = await quote(agency, clinic, "Identidade visual", manager.id, 3);
  ids.bakeryQuote = await quote(agency, bakery, "Cardápio digital", manager.id, 2);
  ids.plannersQuote = await quote(agency, clinic, "Plano anual de conteúdo", planner.id, 1);
  ids.plannersStudio = await quote(agency, plannersClient, "Vídeo institucional", planner.id, 0);
  await quote(other, theirClinic, "Identidade visual alheia", outsider.id);

  const post = async (who: Member, body: unknown) =>
    ((await (await t.request("/api/finance/invoices", { cookie: who.cookie, body })).json()) as { id: string }).id;
  ids.clinicInvoice = await post(manager, invoiceBody(clinic));
  ids.theirInvoice = await post(outsider, invoiceBody(theirClinic));
});
afterAll(() => t.close());

describe("global search over projects", () => {
  it("finds a project by a rare fragment whatever its case and accents, never another agency's", async () => {
    expect(await titles("LANCAMENTO 17", manager, "project")).toEqual(["Lançamento 17"]);
    expect(await titles("ímpar", manager, "project")).toEqual(["Lançamento Ímpar do designer"]);
    expect(await titles("alheio", manager, "project")).toEqual([]);
    expect(await titles("lançamento", outsider, "project")).toEqual(["Lançamento alheio"]);
  });

  it("ranks a common fragment over every match: the exact name first, then the newest", async () => {
    const hits = await hitsOf("lancamento", manager, "project", 5);
    expect(hits.map((hit) => hit.id)).toEqual([ids.exact, ids.launch25, ids.launch24, ids.launch23, ids.launch22]);
    expect(hits.map((hit) => hit.rank)).toEqual([2, 1, 1, 1, 1]);
  });

  it("keeps a scope 'own' to the caller's projects", async () => {
    expect(await titles("lançamento", designer, "project")).toEqual(["Lançamento Ímpar do designer"]);
  });
});

describe("global search over quotes", () => {
  it("finds quotes by title or client name, folded, newest first, never another agency's", async () => {
    expect((await hitsOf("IDENTIDADE", manager, "quote")).map((hit) => hit.id)).toEqual([ids.clinicQuote]);
    expect((await hitsOf("clinica sorriso", manager, "quote")).map((hit) => hit.id)).toEqual([
      ids.plannersQuote,
      ids.clinicQuote,
    ]);
    expect((await hitsOf("pao quente", manager, "quote")).map((hit) => hit.id)).toEqual([ids.bakeryQuote]);
    expect((await hitsOf("alheia", manager, "quote")).map((hit) => hit.id)).toEqual([]);
    expect((await hitsOf("clínica", outsider, "quote")).map((hit) => hit.title)).toEqual(["Identidade visual alheia"]);
  });

  it("keeps a scope 'own' to the caller's quotes, and a client it may not see matches nothing", async () => {
    expect(await titles("identidade", planner, "quote")).toEqual([]);
    expect(await titles("plano anual", planner, "quote")).toEqual(["Plano anual de conteúdo"]);
    // The clinic is not the planner's company (its CRM scope is "own"): its name finds nothing.
    expect(await titles("sorriso", planner, "quote")).toEqual([]);
    expect(await titles("estudio otimo", planner, "quote")).toEqual(["Vídeo institucional"]);
  });
});

describe("global search over invoices by client", () => {
  it("finds the agency's invoices by a folded client name, never another agency's of the same name", async () => {
    expect((await hitsOf("CLINICA sorr", manager, "invoice")).map((hit) => hit.id)).toEqual([ids.clinicInvoice]);
    expect((await hitsOf("clínica", outsider, "invoice")).map((hit) => hit.id)).toEqual([ids.theirInvoice]);
  });
});

describe("the search functions, called directly by the app role", () => {
  const idsOf = (who: Member, agencyId: string, call: ReturnType<typeof sql>) =>
    withTenant(t.database, { userId: who.id, agencyId, isSuperAdmin: false }, async (tx) =>
      (await queryRows<{ id: string }>(tx, sql`select ${call} as id`)).map((row) => row.id).sort(),
    );

  it("hand out only ids of the caller's agency that its row policy would show", async () => {
    const projects = sql`project_search_ids('%impar%', 'impar', 50)`;
    expect(await idsOf(designer, agency, projects)).toEqual([ids.designers]);
    expect(await idsOf(outsider, other, projects)).toEqual([]);
    expect(await idsOf(designer, agency, sql`project_search_ids('%lancamento 1%', '', 50)`)).toEqual([]);

    const quotes = sql`quote_search_ids('%identidade%', 50)`;
    expect(await idsOf(manager, agency, quotes)).toEqual([ids.clinicQuote]);
    expect(await idsOf(planner, agency, quotes)).toEqual([]);

    const clinics = sql`finance_client_search_ids('%clinica%', 50)`;
    expect(await idsOf(manager, agency, clinics)).toHaveLength(1);
    expect(await idsOf(planner, agency, clinics)).toEqual([]);
    expect(await idsOf(planner, agency, sql`finance_client_search_ids('%otimo%', 50)`)).toHaveLength(1);
  });
});
