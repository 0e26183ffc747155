import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CRM_MESSAGES, type Company, type Contact, type Deal } from "#domain/schemas/crm.ts";
import { companies, customers, leads } from "#server/db/schema.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency, type Member } from "./crm-fixtures.ts";

let t: TestApp;
let manager: Member;
let closer: Member;
beforeAll(async () => {
  t = await createTestApp();
  const aurora = await crmAgency(t, "Aurora");
  manager = aurora.manager;
  closer = await signedInAs(t, "closer@aurora.com.br", "sales_closer", aurora.agencyId);
});
afterAll(() => t.close());

const refusal = { error: { code: "forbidden", message: CRM_MESSAGES.ownerOutOfScope } };

describe("a closer (record scope: own) cannot hand a record to someone else", () => {
  it("creating a deal, contact or company owned by another member (or by nobody) answers 403 and creates nothing", async () => {
    const call = api(t, closer);
    for (const ownerId of [manager.id, null]) {
      const deal = await call("/api/crm/deals", "POST", { title: "Negócio alheio", ownerId });
      expect(deal.status).toBe(403);
      expect(deal.body).toEqual(refusal);
      const contact = await call("/api/crm/contacts", "POST", { name: "Contato alheio", ownerId });
      expect(contact.status).toBe(403);
      expect(contact.body).toEqual(refusal);
      const company = await call("/api/crm/companies", "POST", { name: "Empresa alheia", ownerId });
      expect(company.status).toBe(403);
      expect(company.body).toEqual(refusal);
    }
    expect(await t.database.owner.select().from(leads).where(eq(leads.name, "Negócio alheio"))).toHaveLength(0);
    expect(await t.database.owner.select().from(customers).where(eq(customers.name, "Contato alheio"))).toHaveLength(0);
    expect(await t.database.owner.select().from(companies).where(eq(companies.name, "Empresa alheia"))).toHaveLength(0);
    // Naming itself as the owner (or leaving the owner out) still works.
    expect((await call("/api/crm/deals", "POST", { title: "Meu negócio", ownerId: closer.id })).status).toBe(201);
    expect((await call("/api/crm/contacts", "POST", { name: "Meu contato" })).status).toBe(201);
  });

  it("changing the owner of its own deal, contact or company to another member answers 403 and changes nothing", async () => {
    const call = api(t, closer);
    const deal = (await call<Deal>("/api/crm/deals", "POST", { title: "Negócio do closer" })).body;
    const contact = (await call<Contact>("/api/crm/contacts", "POST", { name: "Contato do closer" })).body;
    const company = (await call<Company>("/api/crm/companies", "POST", { name: "Empresa do closer" })).body;
    const dealEdit = await call(`/api/crm/deals/${deal.id}`, "PATCH", { version: deal.version, ownerId: manager.id });
    expect(dealEdit.status).toBe(403);
    expect(dealEdit.body).toEqual(refusal);
    const contactEdit = await call(`/api/crm/contacts/${contact.id}`, "PUT", {
      name: contact.name,
      version: contact.version,
      ownerId: manager.id,
    });
    expect(contactEdit.status).toBe(403);
    expect(contactEdit.body).toEqual(refusal);
    const companyEdit = await call(`/api/crm/companies/${company.id}`, "PUT", {
      name: company.name,
      version: company.version,
      ownerId: manager.id,
    });
    expect(companyEdit.status).toBe(403);
    expect(companyEdit.body).toEqual(refusal);
    const bulk = await call("/api/crm/contacts/bulk", "POST", {
      ids: [contact.id],
      action: { kind: "assign_owner", ownerId: manager.id },
    });
    expect(bulk.status).toBe(403);
    const [dealRow] = await t.database.owner.select().from(leads).where(eq(leads.id, deal.id));
    const [contactRow] = await t.database.owner.select().from(customers).where(eq(customers.id, contact.id));
    const [companyRow] = await t.database.owner.select().from(companies).where(eq(companies.id, company.id));
    expect([dealRow.ownerId, contactRow.ownerId, companyRow.ownerId]).toEqual([closer.id, closer.id, closer.id]);
    expect([dealRow.version, contactRow.version, companyRow.version]).toEqual([
      deal.version,
      contact.version,
      company.version,
    ]);
  });

  it("the agency manager (scope all) still assigns records to other members", async () => {
    const call = api(t, manager);
    const deal = await call<Deal>("/api/crm/deals", "POST", { title: "Para o closer", ownerId: closer.id });
    expect(deal.status).toBe(201);
    expect(deal.body.ownerId).toBe(closer.id);
    const edit = await call<Deal>(`/api/crm/deals/${deal.body.id}`, "PATCH", {
      version: deal.body.version,
      ownerId: manager.id,
    });
    expect(edit.status).toBe(200);
    expect(edit.body.ownerId).toBe(manager.id);
  });
});

describe("a closer's own contact linked to a company it cannot see", () => {
  it("saves an edit that keeps the link, and refuses a new link to that company", async () => {
    const company = (await api(t, manager)<Company>("/api/crm/companies", "POST", { name: "Empresa do gestor" })).body;
    const call = api(t, closer);
    const contact = (await call<Contact>("/api/crm/contacts", "POST", { name: "Contato do closer na empresa" })).body;
    // The manager's company, linked by the manager (as the demo and imports link them).
    await t.database.owner.update(customers).set({ companyId: company.id }).where(eq(customers.id, contact.id));
    const [linked] = await t.database.owner.select().from(customers).where(eq(customers.id, contact.id));
    const kept = await call<Contact>(`/api/crm/contacts/${contact.id}`, "PUT", {
      name: contact.name,
      position: "Sócia",
      companyId: company.id,
      version: linked.version,
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.position).toBe("Sócia");
    const other = (await call<Contact>("/api/crm/contacts", "POST", { name: "Outro contato do closer" })).body;
    const linking = await call(`/api/crm/contacts/${other.id}`, "PUT", {
      name: other.name,
      companyId: company.id,
      version: other.version,
    });
    expect(linking.status).toBe(404);
    expect(linking.body).toEqual({ error: { code: "not_found", message: CRM_MESSAGES.companyNotFound } });
  });
});
