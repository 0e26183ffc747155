import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompaniesPage, ContactsPage, DealsPage } from "#domain/schemas/crm.ts";
import { queryRows } from "#server/db/client.ts";
import { withTenant } from "#server/db/tenant.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency, type Member } from "./crm-fixtures.ts";

const SOUZAS = 1005;
const TAVARES = 120;

let t: TestApp;
let aurora: { agencyId: string; manager: Member };
let boreal: { agencyId: string; manager: Member };
let closer: Member;
beforeAll(async () => {
  t = await createTestApp();
  aurora = await crmAgency(t, "Aurora");
  boreal = await crmAgency(t, "Boreal");
  closer = await signedInAs(t, "closer@aurora.com.br", "sales_closer", aurora.agencyId);
  // A common fragment (more matches than a page, the oldest three "cliente") and a batch inserted in
  // one statement, so its rows share created_at to the microsecond (as an import's do).
  await t.database.owner.execute(sql`
    insert into customers (agency_id, name, email, owner_id, status, created_at)
    select ${aurora.agencyId}::uuid, 'Cliente Souza ' || g, 'souza' || g || '@exemplo.com.br', ${aurora.manager.id}::uuid,
      case when g > ${SOUZAS - 3} then 'cliente' else 'lead' end, now() - g * interval '1 minute'
    from generate_series(1, ${SOUZAS}) g`);
  await t.database.owner.execute(sql`
    insert into customers (agency_id, name, owner_id)
    select ${aurora.agencyId}::uuid, 'Bruna Tavares ' || g, ${aurora.manager.id}::uuid from generate_series(1, ${TAVARES}) g`);
  for (const [member, name] of [
    [aurora.manager, "Conceição Araújo"],
    [closer, "Raimundo Araújo"],
    [closer, "Souza do Closer"],
    [boreal.manager, "Conceição de Boreal"],
    [boreal.manager, "Souza de Boreal"],
  ] as const)
    expect((await api(t, member)("/api/crm/contacts", "POST", { name })).status).toBe(201);
});
afterAll(() => t.close());

const names = (page: ContactsPage) => page.contacts.map((c) => c.name);

/** Every page of a list, following nextCursor. */
async function allPages(member: Member, path: string): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `${path}${cursor ? `&cursor=${cursor}` : ""}`;
    const page = (await api(t, member)<ContactsPage>(url)).body;
    out.push(...names(page));
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

describe("contact search by fragment", () => {
  it("finds a rare fragment accent- and case-insensitively, in the caller's agency only", async () => {
    const found = await api(t, aurora.manager)<ContactsPage>("/api/crm/contacts?q=CONCEICAO%20ara");
    expect(names(found.body)).toEqual(["Conceição Araújo"]);
    expect(names((await api(t, boreal.manager)<ContactsPage>("/api/crm/contacts?q=conceição")).body)).toEqual([
      "Conceição de Boreal",
    ]);
    expect((await api(t, aurora.manager)<ContactsPage>("/api/crm/contacts?q=zzqx")).body.contacts).toEqual([]);
    // The words of the fragment in order are not enough: the fragment itself must be there.
    expect((await api(t, aurora.manager)<ContactsPage>("/api/crm/contacts?q=conceicao-araujo")).body.contacts).toEqual(
      [],
    );
  });

  it("keeps the record scope: a closer finds its own contacts only, for a rare and a common fragment", async () => {
    expect(names((await api(t, closer)<ContactsPage>("/api/crm/contacts?q=araujo")).body)).toEqual(["Raimundo Araújo"]);
    expect(names((await api(t, closer)<ContactsPage>("/api/crm/contacts?q=SOUZA")).body)).toEqual(["Souza do Closer"]);
  });

  it("pages through a common fragment, newest first, every match once, never another agency's", async () => {
    const call = api(t, aurora.manager);
    const first = (await call<ContactsPage>("/api/crm/contacts?q=souza&limit=100&sort=created_desc")).body;
    expect(first.contacts).toHaveLength(100);
    expect(first.contacts[0].name).toBe("Souza do Closer");
    expect(first.contacts[1].name).toBe("Cliente Souza 1");
    const all = await allPages(aurora.manager, "/api/crm/contacts?q=souza&limit=100&sort=created_desc");
    expect(all).toHaveLength(SOUZAS + 1);
    expect(new Set(all).size).toBe(SOUZAS + 1);
    expect(all).not.toContain("Souza de Boreal");
    const exported = await call(`/api/crm/contacts/export?q=souza`);
    expect(exported.text.split("\n").filter((line) => line.includes("Cliente Souza"))).toHaveLength(SOUZAS);
  });

  it("pages by name in both directions", async () => {
    const asc = await allPages(aurora.manager, "/api/crm/contacts?q=souza&limit=100&sort=name_asc");
    expect(asc).toHaveLength(SOUZAS + 1);
    expect(asc).toEqual([...asc].sort((a, b) => (a < b ? -1 : 1)));
    const desc = await allPages(aurora.manager, "/api/crm/contacts?q=souza&limit=100&sort=name_desc");
    expect(desc).toEqual([...asc].reverse());
  });

  it("pages through rows that share created_at to the microsecond", async () => {
    const all = await allPages(aurora.manager, "/api/crm/contacts?q=tavares&limit=50&sort=created_desc");
    expect(new Set(all).size).toBe(TAVARES);
  });

  it("pages the plain list (no search) through rows that share created_at to the microsecond, each once", async () => {
    const all = await allPages(aurora.manager, "/api/crm/contacts?limit=100&sort=created_desc");
    expect(all.filter((name) => name.startsWith("Bruna Tavares"))).toHaveLength(TAVARES);
    expect(all).toHaveLength(new Set(all).size);
  });

  it("combines a common fragment with a filter that only its oldest matches pass", async () => {
    const page = (await api(t, aurora.manager)<ContactsPage>("/api/crm/contacts?q=souza&status=cliente&limit=2")).body;
    expect(names(page)).toEqual([`Cliente Souza ${SOUZAS - 2}`, `Cliente Souza ${SOUZAS - 1}`]);
    const rest = (
      await api(
        t,
        aurora.manager,
      )<ContactsPage>(`/api/crm/contacts?q=souza&status=cliente&limit=2&cursor=${page.nextCursor}`)
    ).body;
    expect(names(rest)).toEqual([`Cliente Souza ${SOUZAS}`]);
    expect(rest.nextCursor).toBeNull();
  });

  it("searches companies and deals the same way", async () => {
    const aur = api(t, aurora.manager);
    const bor = api(t, boreal.manager);
    expect((await aur("/api/crm/companies", "POST", { name: "Padaria Pão Dourado" })).status).toBe(201);
    expect((await bor("/api/crm/companies", "POST", { name: "Padaria de Boreal" })).status).toBe(201);
    expect((await aur("/api/crm/deals", "POST", { title: "Site da Padaria" })).status).toBe(201);
    expect((await bor("/api/crm/deals", "POST", { title: "Site da Padaria Boreal" })).status).toBe(201);
    const companies = (await aur<CompaniesPage>("/api/crm/companies?q=PAO%20dour")).body.companies;
    expect(companies.map((c) => c.name)).toEqual(["Padaria Pão Dourado"]);
    expect((await aur<CompaniesPage>("/api/crm/companies?q=boreal")).body.companies).toEqual([]);
    const deals = (await aur<DealsPage>("/api/crm/deals?q=padaria")).body.deals;
    expect(deals.map((d) => d.title)).toEqual(["Site da Padaria"]);
    expect((await api(t, closer)<DealsPage>("/api/crm/deals?q=padaria")).body.deals).toEqual([]);
  });

  it("takes an alphanumeric CNPJ (July 2026), stores it upper case, shows it written out and finds it by a fragment", async () => {
    const aur = api(t, aurora.manager);
    const created = await aur<{ id: string; document: string }>("/api/crm/companies", "POST", {
      name: "Estúdio Alfa",
      document: "12.abc.345/01de-35",
    });
    expect(created.status).toBe(201);
    expect(created.body.document).toBe("12ABC34501DE35");
    for (const q of ["12ABC345", "12.ABC.345/01", "abc34501de"]) {
      const found = (await aur<CompaniesPage>(`/api/crm/companies?q=${encodeURIComponent(q)}`)).body.companies;
      expect(
        found.map((c) => c.name),
        q,
      ).toEqual(["Estúdio Alfa"]);
    }
    const wrong = await aur("/api/crm/companies", "POST", { name: "Dígito errado", document: "12.ABC.345/01DE-36" });
    expect(wrong.status).toBe(400);
  });

  it("the page function answers nothing for another agency's id, keeps the closer's scope, and takes only known sorts", async () => {
    const ids = (context: { userId: string; agencyId: string }, agencyId: string, sort = "created_desc") =>
      withTenant(t.database, { ...context, isSuperAdmin: false }, (tx) =>
        queryRows<{ id: string }>(
          tx,
          sql`select id from crm_search_page('contact', ${agencyId}::uuid, 'conceicao', false, ${sort}, null, null, 10)`,
        ),
      );
    const asBoreal = { userId: boreal.manager.id, agencyId: boreal.agencyId };
    expect(await ids(asBoreal, aurora.agencyId)).toEqual([]);
    expect(await ids(asBoreal, boreal.agencyId)).toHaveLength(1);
    expect(await ids({ userId: closer.id, agencyId: aurora.agencyId }, aurora.agencyId)).toEqual([]);
    await expect(ids(asBoreal, boreal.agencyId, "name; drop table customers")).rejects.toThrow();
  });
});
