import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Company, CompaniesPage, Contact, ContactsPage, CustomField, SavedView } from "#domain/schemas/crm.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency, type Member } from "./crm-fixtures.ts";

let t: TestApp;
let aurora: { agencyId: string; manager: Member };
let call: ReturnType<typeof api>;
let closer: Member;
beforeAll(async () => {
  t = await createTestApp();
  aurora = await crmAgency(t, "Aurora");
  call = api(t, aurora.manager);
  closer = await signedInAs(t, "closer@aurora.com.br", "sales_closer", aurora.agencyId);
  await crmAgency(t, "Boreal");
});
afterAll(() => t.close());

const field = async (body: Record<string, unknown>) => {
  const created = await call<CustomField>("/api/crm/custom-fields", "POST", body);
  expect(created.status).toBe(201);
  return created.body;
};

describe("custom fields on contacts and companies", () => {
  it("stores typed values and filters the contact list by one", async () => {
    const segment = await field({
      entity: "contact",
      label: "Segmento",
      fieldType: "select",
      options: ["Varejo", "Saúde"],
    });
    const employees = await field({ entity: "contact", label: "Funcionários", fieldType: "number" });
    const varejo = await call<Contact>("/api/crm/contacts", "POST", {
      name: "Loja da Esquina",
      customFields: { [segment.id]: "Varejo", [employees.id]: "12,5" },
    });
    expect(varejo.status).toBe(201);
    expect(varejo.body.customFields).toEqual({ [segment.id]: "Varejo", [employees.id]: 12.5 });
    await call("/api/crm/contacts", "POST", { name: "Clínica Vida", customFields: { [segment.id]: "Saúde" } });
    await call("/api/crm/contacts", "POST", { name: "Sem Segmento" });

    const bySegment = await call<ContactsPage>(`/api/crm/contacts?customField=${segment.id}&customValue=Saúde`);
    expect(bySegment.body.contacts.map((c) => c.name)).toEqual(["Clínica Vida"]);
    const byNumber = await call<ContactsPage>(`/api/crm/contacts?customField=${employees.id}&customValue=12.5`);
    expect(byNumber.body.contacts.map((c) => c.name)).toEqual(["Loja da Esquina"]);
    const exported = await call(`/api/crm/contacts/export?customField=${segment.id}&customValue=Varejo`);
    expect(exported.text).toContain("Loja da Esquina");
    expect(exported.text).not.toContain("Clínica Vida");
  });

  it("refuses an option the field does not offer, with a pt-BR message", async () => {
    const fields = (await call<{ fields: CustomField[] }>("/api/crm/custom-fields")).body.fields;
    const segment = fields.find((f) => f.label === "Segmento") as CustomField;
    const bad = await call("/api/crm/contacts", "POST", {
      name: "Errado",
      customFields: { [segment.id]: "Indústria" },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Valor inválido no campo personalizado: Segmento");
  });

  it("saves a company with its CNPJ checked, its custom date and keyset pages", async () => {
    const founded = await field({ entity: "company", label: "Fundação", fieldType: "date" });
    const invalid = await call("/api/crm/companies", "POST", { name: "Errada", document: "11.222.333/0001-80" });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.body)).toContain("CPF ou CNPJ inválido");
    const created = await call<Company>("/api/crm/companies", "POST", {
      name: "Padaria Pão Quente",
      document: "11.222.333/0001-81",
      state: "mg",
      customFields: { [founded.id]: "2001-05-20" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ document: "11222333000181", state: "MG" });
    for (const name of ["Açougue Boi Bom", "Bazar Central"]) await call("/api/crm/companies", "POST", { name });
    const first = await call<CompaniesPage>("/api/crm/companies?sort=name_asc&limit=2");
    expect(first.body.companies.map((c) => c.name)).toEqual(["Açougue Boi Bom", "Bazar Central"]);
    const next = await call<CompaniesPage>(
      `/api/crm/companies?sort=name_asc&limit=2&cursor=${encodeURIComponent(first.body.nextCursor ?? "")}`,
    );
    expect(next.body.companies.map((c) => c.name)).toEqual(["Padaria Pão Quente"]);
    expect(next.body.nextCursor).toBeNull();
  });
});

describe("saved views", () => {
  it("keeps each user's views to that user", async () => {
    const saved = await call<SavedView>("/api/crm/views", "POST", {
      entity: "contact",
      name: "Leads de SP",
      filters: { status: "lead", q: "sp" },
    });
    expect(saved.status).toBe(201);
    const mine = await call<{ views: SavedView[] }>("/api/crm/views");
    expect(mine.body.views.map((v) => v.name)).toEqual(["Leads de SP"]);
    const theirs = await api(t, closer)<{ views: SavedView[] }>("/api/crm/views");
    expect(theirs.body.views).toEqual([]);
    expect((await api(t, closer)(`/api/crm/views/${saved.body.id}`, "DELETE")).status).toBe(404);
    expect((await call(`/api/crm/views/${saved.body.id}`, "DELETE")).status).toBe(200);
    expect((await call<{ views: SavedView[] }>("/api/crm/views")).body.views).toEqual([]);
  });

  it("refuses a view without a name in pt-BR", async () => {
    const bad = await call("/api/crm/views", "POST", { entity: "contact", name: " ", filters: {} });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Informe o nome da visualização.");
  });
});

describe("owner picker", () => {
  it("lists the agency's members only", async () => {
    const people = await api(t, closer)<{ people: { id: string; name: string }[] }>("/api/crm/people");
    expect(people.status).toBe(200);
    expect(people.body.people.map((p) => p.id).sort()).toEqual([aurora.manager.id, closer.id].sort());
  });
});
