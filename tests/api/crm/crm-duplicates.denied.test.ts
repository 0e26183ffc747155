import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CRM_MESSAGES, type Company, type Contact } from "#domain/schemas/crm.ts";
import { queryRows } from "#server/db/client.ts";
import { withTenant } from "#server/db/tenant.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency, type Member } from "./crm-fixtures.ts";

// A sales_closer (record scope "own") is warned of another owner's duplicate it cannot see, without
// learning anything of it (no name, no id to open); another agency's records are never duplicates.
let t: TestApp;
let aurora: { agencyId: string; manager: Member };
let boreal: { agencyId: string; manager: Member };
let closer: Member;
let managerContact: Contact;
let managerCompany: Company;
type ErrorBody = { error: { code: string; message: string; details?: { duplicates: unknown[]; hidden?: boolean } } };

beforeAll(async () => {
  t = await createTestApp();
  aurora = await crmAgency(t, "Aurora");
  boreal = await crmAgency(t, "Boreal");
  closer = await signedInAs(t, "closer@aurora.com.br", "sales_closer", aurora.agencyId);
  managerContact = (
    await api(t, aurora.manager)<Contact>("/api/crm/contacts", "POST", {
      name: "Cliente Secreto da Gestora",
      email: "segredo@gestora.com.br",
      phone: "(21) 99876-5432",
      document: "529.982.247-25",
    })
  ).body;
  managerCompany = (
    await api(t, aurora.manager)<Company>("/api/crm/companies", "POST", {
      name: "Empresa Secreta",
      document: "11.222.333/0001-81",
    })
  ).body;
});
afterAll(() => t.close());

const hiddenContact = {
  code: "conflict",
  message: "Já existe um contato com este e-mail, telefone ou documento na agência (de outro responsável).",
  details: { duplicates: [], hidden: true },
};

describe("duplicates the caller cannot see", () => {
  it.each([
    ["e-mail", { email: "SEGREDO@gestora.com.br" }],
    ["phone", { phone: "021 99876-5432" }],
    ["CPF", { document: "52998224725" }],
  ])(
    "warns a closer of the manager's contact with the same %s, without naming it, and writes nothing",
    async (_, key) => {
      const closerCall = api(t, closer);
      const dup = await closerCall<ErrorBody>("/api/crm/contacts", "POST", { name: "Tentativa do Closer", ...key });
      expect(dup.status).toBe(409);
      expect(dup.body.error).toEqual(hiddenContact);
      expect(dup.text).not.toContain(managerContact.id);
      expect(dup.text).not.toContain("Secreto");
      const written = await queryRows<{ n: number }>(
        t.database.owner,
        sql`select count(*)::int as n from customers where name = 'Tentativa do Closer'`,
      );
      expect(written[0].n).toBe(0);
      // The manager still sees the one to open.
      const asManager = await api(t, aurora.manager)<ErrorBody>("/api/crm/contacts", "POST", { name: "Outro", ...key });
      expect(asManager.status).toBe(409);
      expect(asManager.body.error.message).toBe(CRM_MESSAGES.duplicateContact);
      expect(asManager.body.error.details?.duplicates).toEqual([
        expect.objectContaining({ id: managerContact.id, name: "Cliente Secreto da Gestora" }),
      ]);
    },
  );

  it("lets the closer create anyway once warned; the new one is the closer's", async () => {
    const forced = await api(t, closer)<Contact>("/api/crm/contacts", "POST", {
      name: "Contato do Closer",
      email: "segredo@gestora.com.br",
      ignoreDuplicates: true,
    });
    expect(forced.status).toBe(201);
    expect(forced.body.ownerId).toBe(closer.id);
  });

  it("names the closer's own duplicate and only flags the manager's", async () => {
    const dup = await api(t, closer)<ErrorBody>("/api/crm/contacts", "POST", {
      name: "Terceira tentativa",
      email: "segredo@gestora.com.br",
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe(CRM_MESSAGES.duplicateContact);
    expect(dup.body.error.details).toEqual({
      duplicates: [expect.objectContaining({ name: "Contato do Closer", matchedOn: ["email"] })],
      hidden: true,
    });
    expect(dup.text).not.toContain(managerContact.id);
  });

  it("warns a closer of the manager's company with the same CNPJ, without naming it", async () => {
    const dup = await api(t, closer)<ErrorBody>("/api/crm/companies", "POST", {
      name: "Empresa do Closer",
      document: "11222333000181",
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toEqual({
      code: "conflict",
      message: "Já existe uma empresa com este CNPJ na agência (de outro responsável).",
      details: { duplicates: [], hidden: true },
    });
    expect(dup.text).not.toContain(managerCompany.id);
    expect(dup.text).not.toContain("Secreta");
  });

  it("never counts another agency's contact or company as a duplicate", async () => {
    const call = api(t, boreal.manager);
    const contact = await call("/api/crm/contacts", "POST", { name: "Homônimo", email: "segredo@gestora.com.br" });
    expect(contact.status).toBe(201);
    const company = await call("/api/crm/companies", "POST", { name: "Mesma", document: "11.222.333/0001-81" });
    expect(company.status).toBe(201);
  });

  it("the SQL helpers answer nothing for another agency's id, and only ids and matched keys for one's own", async () => {
    const asBoreal = await withTenant(
      t.database,
      { userId: boreal.manager.id, agencyId: boreal.agencyId, isSuperAdmin: false },
      async (tx) => [
        ...(await queryRows(
          tx,
          sql`select * from crm_contact_duplicate_keys(${aurora.agencyId}::uuid, ARRAY['segredo@gestora.com.br'], '{}', '{}')`,
        )),
        ...(await queryRows(
          tx,
          sql`select * from crm_company_duplicate_ids(${aurora.agencyId}::uuid, '11222333000181')`,
        )),
      ],
    );
    expect(asBoreal).toEqual([]);
    const asCloser = await withTenant(
      t.database,
      { userId: closer.id, agencyId: aurora.agencyId, isSuperAdmin: false },
      (tx) =>
        queryRows<{ id: string; kind: string; key: string }>(
          tx,
          sql`select * from crm_contact_duplicate_keys(${aurora.agencyId}::uuid, '{}', ARRAY['+5521998765432'], '{}')`,
        ),
    );
    expect(asCloser).toEqual([{ id: managerContact.id, kind: "phone", key: "+5521998765432" }]);
  });
});
