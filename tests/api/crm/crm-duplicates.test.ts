import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CRM_MESSAGES, type Company, type Contact } from "#domain/schemas/crm.ts";
import { queryRows } from "#server/db/client.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency, type Member } from "./crm-fixtures.ts";

// Duplicates are agency-wide (QA pass): e-mail, phone (compared as E.164, however it was typed)
// or document for contacts, CNPJ for companies; 409 with the ones to open, created when confirmed.
let t: TestApp;
let aurora: { agencyId: string; manager: Member };
let call: ReturnType<typeof api>;
type ErrorBody = { error: { code: string; message: string; details?: { duplicates: unknown[]; hidden?: boolean } } };

beforeAll(async () => {
  t = await createTestApp();
  aurora = await crmAgency(t, "Aurora");
  call = api(t, aurora.manager);
});
afterAll(() => t.close());

describe("duplicate contacts and companies", () => {
  it("warns of a contact whose phone was pasted with the trunk 0 or +55, and names the one to open", async () => {
    const first = await call<Contact>("/api/crm/contacts", "POST", { name: "Joana Prado", phone: "(11) 98765-4321" });
    expect(first.status).toBe(201);
    expect(first.body.phone).toBe("+5511987654321");
    for (const phone of ["011 98765-4321", "+55 11 98765-4321", "5511987654321"]) {
      const dup = await call<ErrorBody>("/api/crm/contacts", "POST", { name: "Outra Joana", phone });
      expect(dup.status).toBe(409);
      expect(dup.body.error.message).toBe(CRM_MESSAGES.duplicateContact);
      expect(dup.body.error.details).toEqual({
        duplicates: [{ id: first.body.id, name: "Joana Prado", matchedOn: ["phone"] }],
      });
    }
  });

  it("finds a contact whose phone was stored as formatted text once migration 0048 normalised it", async () => {
    // What the demo seed and the first CRM rows stored; crm_phone_e164 is what 0048 ran over them.
    const [legacy] = await queryRows<{ id: string }>(
      t.database.owner,
      sql`insert into customers (agency_id, name, phone, whatsapp)
          values (${aurora.agencyId}, 'Contato Antigo', crm_phone_e164('(31) 98888-7766'), crm_phone_e164('fixo: ramal 12'))
          returning id`,
    );
    const [stored] = await queryRows<{ phone: string; whatsapp: string | null }>(
      t.database.owner,
      sql`select phone, whatsapp from customers where id = ${legacy.id}`,
    );
    expect(stored).toEqual({ phone: "+5531988887766", whatsapp: null });
    const dup = await call<ErrorBody>("/api/crm/contacts", "POST", { name: "Novo", phone: "(31) 98888-7766" });
    expect(dup.status).toBe(409);
    expect(dup.body.error.details?.duplicates).toEqual([
      { id: legacy.id, name: "Contato Antigo", matchedOn: ["phone"] },
    ]);
  });

  it("matches the e-mail without case and the CPF however it is written, and creates when confirmed", async () => {
    const first = await call<Contact>("/api/crm/contacts", "POST", {
      name: "Caio Lima",
      email: "caio@lima.com.br",
      document: "529.982.247-25",
    });
    const dup = await call<ErrorBody>("/api/crm/contacts", "POST", {
      name: "Caio de novo",
      email: "CAIO@Lima.com.br",
      document: "52998224725",
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.details?.duplicates).toEqual([
      { id: first.body.id, name: "Caio Lima", matchedOn: ["email", "document"] },
    ]);
    const forced = await call<Contact>("/api/crm/contacts", "POST", {
      name: "Caio de novo",
      email: "caio@lima.com.br",
      ignoreDuplicates: true,
    });
    expect(forced.status).toBe(201);
  });

  it("warns of a company with a CNPJ the agency already has, and creates it when confirmed", async () => {
    const first = await call<Company>("/api/crm/companies", "POST", {
      name: "Padaria Sol",
      document: "11.222.333/0001-81",
    });
    expect(first.status).toBe(201);
    const dup = await call<ErrorBody>("/api/crm/companies", "POST", {
      name: "Padaria Sol Filial",
      document: "11222333000181",
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toEqual({
      code: "conflict",
      message: "Já existe uma empresa com este CNPJ.",
      details: { duplicates: [{ id: first.body.id, name: "Padaria Sol", matchedOn: ["document"] }] },
    });
    const companies = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.owner,
          sql`select count(*)::int as n from companies where agency_id = ${aurora.agencyId} and document = '11222333000181'`,
        )
      )[0].n;
    expect(await companies()).toBe(1);
    const forced = await call<Company>("/api/crm/companies", "POST", {
      name: "Padaria Sol Filial",
      document: "11222333000181",
      ignoreDuplicates: true,
    });
    expect(forced.status).toBe(201);
    expect(await companies()).toBe(2);
    // Editing keeps its own CNPJ without a warning.
    const edited = await call<Company>(`/api/crm/companies/${first.body.id}`, "PUT", {
      name: "Padaria Sol Matriz",
      document: "11222333000181",
      version: first.body.version,
    });
    expect(edited.status).toBe(200);
  });

  it("a deleted company or contact is no duplicate", async () => {
    const company = await call<Company>("/api/crm/companies", "POST", {
      name: "Antiga",
      document: "11.444.777/0001-61",
    });
    expect((await call(`/api/crm/companies/${company.body.id}`, "DELETE")).status).toBeLessThan(300);
    const again = await call<Company>("/api/crm/companies", "POST", { name: "Nova", document: "11.444.777/0001-61" });
    expect(again.status).toBe(201);
  });
});
