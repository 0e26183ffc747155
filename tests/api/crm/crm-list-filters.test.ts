import { desc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompaniesPage, Contact, ContactsPage, CustomField } from "#domain/schemas/crm.ts";
import { contactListQuerySchema } from "#domain/schemas/crm.ts";
import type { SessionUser } from "#server/auth/session-user.ts";
import { queryRows } from "#server/db/client.ts";
import { customers } from "#server/db/schema.ts";
import { withTenant } from "#server/db/tenant.ts";
import { contactsFrom } from "#server/features/crm/contact-row.ts";
import type { CrmContext } from "#server/features/crm/crm-context.ts";
import { contactFilter } from "#server/features/crm/list-contacts.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency, type Member } from "./crm-fixtures.ts";

// Origem and Tag filters ignore case and accents (QA: "instagram" found nothing); a number custom
// field is found however the number is written ("1.500,50", "1500,50", "1500.5").
let t: TestApp;
let aurora: { agencyId: string; manager: Member };
let call: ReturnType<typeof api>;
let budget: CustomField;
beforeAll(async () => {
  t = await createTestApp();
  aurora = await crmAgency(t, "Aurora");
  call = api(t, aurora.manager);
  budget = (
    await call<CustomField>("/api/crm/custom-fields", "POST", {
      entity: "contact",
      label: "Orçamento",
      fieldType: "number",
    })
  ).body;
  const contacts = [
    { name: "Ana", source: "Instagram", tags: ["VIP"], customFields: { [budget.id]: "1.500,50" } },
    { name: "Bia", source: "instagram ", tags: ["vip", "Eventos"], customFields: { [budget.id]: 1500 } },
    { name: "Caio", source: "Indicação", tags: ["Promoção"], customFields: { [budget.id]: "15,5" } },
    { name: "Duda", source: "Site", tags: [] },
  ];
  for (const body of contacts) expect((await call<Contact>("/api/crm/contacts", "POST", body)).status).toBe(201);
  for (const body of [
    { name: "Padaria", tags: ["VIP"] },
    { name: "Clínica", tags: ["Saúde"] },
  ])
    expect((await call("/api/crm/companies", "POST", body)).status).toBe(201);
});
afterAll(() => t.close());

const names = async (query: string) =>
  (await call<ContactsPage>(`/api/crm/contacts?${query}`)).body.contacts.map((c) => c.name).sort();

describe("contact and company filters", () => {
  it("filters the Origem without case or accents", async () => {
    expect(await names("source=instagram")).toEqual(["Ana", "Bia"]);
    expect(await names("source=INSTAGRAM")).toEqual(["Ana", "Bia"]);
    expect(await names("source=indicacao")).toEqual(["Caio"]);
    expect(await names("source=Indica%C3%A7%C3%A3o")).toEqual(["Caio"]);
    expect(await names("source=insta")).toEqual([]);
  });

  it("filters a tag without case or accents, on contacts and companies", async () => {
    expect(await names("tag=VIP")).toEqual(["Ana", "Bia"]);
    expect(await names("tag=vip")).toEqual(["Ana", "Bia"]);
    expect(await names("tag=promocao")).toEqual(["Caio"]);
    const companies = async (tag: string) =>
      (await call<CompaniesPage>(`/api/crm/companies?tag=${encodeURIComponent(tag)}`)).body.companies.map(
        (c) => c.name,
      );
    expect(await companies("vip")).toEqual(["Padaria"]);
    expect(await companies("SAUDE")).toEqual(["Clínica"]);
  });

  it("finds a number custom field however the number is written", async () => {
    const byValue = (value: string) => names(`customField=${budget.id}&customValue=${encodeURIComponent(value)}`);
    for (const value of ["1500,50", "1.500,50", "1500.5", "1500,5"])
      expect(await byValue(value), value).toEqual(["Ana"]);
    expect(await byValue("1500")).toEqual(["Bia"]);
    expect(await byValue("1.500")).toEqual(["Bia"]);
    expect(await byValue("15,5")).toEqual(["Caio"]);
    expect(await byValue("abc")).toEqual([]);
  });

  it("filters by owner and by the days a contact was created (both ends included)", async () => {
    await t.database.owner.execute(
      sql`update customers set created_at = '2026-01-31T23:00:00Z' where agency_id = ${aurora.agencyId} and name = 'Duda'`,
    );
    expect(await names("createdFrom=2026-01-01&createdTo=2026-01-31")).toEqual(["Duda"]);
    expect(await names(`ownerId=${aurora.manager.id}`)).toEqual(["Ana", "Bia", "Caio", "Duda"]);
    expect(await names("ownerId=00000000-0000-4000-8000-000000000000")).toEqual([]);
  });

  it("reads the folded source's index under row-level security", async () => {
    await t.database.owner.execute(sql`
      insert into customers (agency_id, name, source)
      select ${aurora.agencyId}, 'Contato ' || n, (array['Instagram','Site','Google','Indicação'])[1 + n % 4]
      from generate_series(1, 20000) n`);
    await t.database.owner.execute(sql`
      insert into customers (agency_id, name, source) select ${aurora.agencyId}, 'Raro ' || n, 'Feira Agro' from generate_series(1, 3) n`);
    await t.database.owner.execute(sql`analyze customers`);
    const user = { id: aurora.manager.id, agencyId: aurora.agencyId, isSuperAdmin: false } as SessionUser;
    const ctx = {
      agencyId: aurora.agencyId,
      user,
      scope: "all",
      actor: { userId: user.id, agencyId: aurora.agencyId },
    };
    const plan = await withTenant(
      t.database,
      { userId: user.id, agencyId: aurora.agencyId, isSuperAdmin: false },
      async (tx) => {
        const query = contactListQuerySchema.parse({ source: "feira agro" });
        const list = contactsFrom(tx)
          .where(contactFilter(ctx as CrmContext, query, "created_desc", 51))
          .orderBy(desc(customers.createdAt), desc(customers.id))
          .limit(51);
        const rows = await queryRows<Record<string, string>>(tx, sql`explain ${list}`);
        return rows.map((row) => Object.values(row)[0]).join("\n");
      },
      { readOnly: true },
    );
    expect(plan, plan).toMatch(/customers_agency_source_folded_idx/);
    expect(await names("source=FEIRA%20AGRO")).toEqual(["Raro 1", "Raro 2", "Raro 3"]);
  });
});

describe("the deals' Tag filter (board and list)", () => {
  it("ignores case and accents, as the contacts' does", async () => {
    for (const body of [
      { title: "Site da padaria", tags: ["VIP"] },
      { title: "Tráfego da clínica", tags: ["Indicação"] },
      { title: "Logo novo", tags: [] },
    ])
      expect((await call("/api/crm/deals", "POST", body)).status).toBe(201);
    const titles = async (path: string) =>
      (await call<{ deals: { title: string }[] }>(path)).body.deals.map((d) => d.title).sort();
    expect(await titles("/api/crm/deals?tag=vip")).toEqual(["Site da padaria"]);
    expect(await titles("/api/crm/deals?tag=INDICACAO")).toEqual(["Tráfego da clínica"]);
    const board = (await call<{ columns: { deals: { title: string }[] }[] }>("/api/crm/board?tag=Vip")).body;
    expect(board.columns.flatMap((c) => c.deals.map((d) => d.title))).toEqual(["Site da padaria"]);
  });
});
