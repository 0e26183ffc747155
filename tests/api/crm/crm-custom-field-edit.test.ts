import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Company, Contact, CustomField, Deal } from "#domain/schemas/crm.ts";
import { auditLogs } from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency, type Member } from "./crm-fixtures.ts";

let t: TestApp;
let aurora: { agencyId: string; manager: Member };
let call: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  aurora = await crmAgency(t, "Aurora");
  call = api(t, aurora.manager);
});
afterAll(() => t.close());

const field = async (body: Record<string, unknown>) => {
  const created = await call<CustomField>("/api/crm/custom-fields", "POST", body);
  expect(created.status).toBe(201);
  return created.body;
};
const fieldsOf = async (entity: CustomField["entity"]) =>
  (await call<{ fields: CustomField[] }>("/api/crm/custom-fields")).body.fields.filter((f) => f.entity === entity);
const auditOf = (resourceId: string) =>
  t.database.owner
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.resourceType, "crm_custom_fields"), eq(auditLogs.resourceId, resourceId)));

describe("editing a custom field", () => {
  it("renames a field and edits a select's options, audited with before and after", async () => {
    const segment = await field({ entity: "contact", label: "Segmento", fieldType: "select", options: ["Varejo"] });
    const edited = await call<CustomField>(`/api/crm/custom-fields/${segment.id}`, "PUT", {
      label: "Segmento de mercado",
      fieldType: "select",
      options: ["Varejo", "Saúde"],
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ ...segment, label: "Segmento de mercado", options: ["Varejo", "Saúde"] });
    expect((await fieldsOf("contact")).find((f) => f.id === segment.id)?.label).toBe("Segmento de mercado");
    const [audit] = await auditOf(segment.id).then((rows) => rows.filter((r) => r.action === "update"));
    expect(audit.details).toMatchObject({
      before: { label: "Segmento", options: ["Varejo"] },
      after: { label: "Segmento de mercado", options: ["Varejo", "Saúde"] },
    });
  });

  it("refuses a select without options, repeated options and an empty name, in pt-BR", async () => {
    const kind = await field({ entity: "company", label: "Porte", fieldType: "select", options: ["Pequeno"] });
    const path = `/api/crm/custom-fields/${kind.id}`;
    const none = await call(path, "PUT", { label: "Porte", fieldType: "select", options: [] });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain("Informe ao menos uma opção.");
    const twice = await call(path, "PUT", { label: "Porte", fieldType: "select", options: ["Médio", "Médio"] });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain("As opções não podem se repetir.");
    const unnamed = await call(path, "PUT", { label: "  ", fieldType: "select", options: ["Médio"] });
    expect(unnamed.status).toBe(400);
    expect(JSON.stringify(unnamed.body)).toContain("Informe o nome do campo.");
    expect((await fieldsOf("company")).find((f) => f.id === kind.id)?.options).toEqual(["Pequeno"]);
  });

  it("changes the type while no record holds a value, and refuses it once one does (deleted records too)", async () => {
    const budget = await field({ entity: "deal", label: "Verba", fieldType: "text" });
    const path = `/api/crm/custom-fields/${budget.id}`;
    const toNumber = await call<CustomField>(path, "PUT", { label: "Verba", fieldType: "number", options: ["x"] });
    expect(toNumber.status).toBe(200);
    // Options belong to selects only.
    expect(toNumber.body).toMatchObject({ fieldType: "number", options: [] });
    const deal = await call<Deal>("/api/crm/deals", "POST", {
      title: "Site novo",
      customFields: { [budget.id]: 5000 },
    });
    expect(deal.status).toBe(201);
    expect((await call(`/api/crm/deals/${deal.body.id}`, "DELETE")).status).toBe(200);
    const locked = await call(path, "PUT", { label: "Verba", fieldType: "date" });
    expect(locked.status).toBe(409);
    expect(JSON.stringify(locked.body)).toContain("o tipo não pode mudar");
    expect((await fieldsOf("deal")).find((f) => f.id === budget.id)?.fieldType).toBe("number");
    // The label still changes with the same type.
    expect((await call(path, "PUT", { label: "Verba mensal", fieldType: "number" })).status).toBe(200);
  });

  it("answers 404 to an unknown field and to a field id that is not a uuid", async () => {
    const body = { label: "X", fieldType: "text" };
    expect((await call("/api/crm/custom-fields/00000000-0000-4000-8000-000000000000", "PUT", body)).status).toBe(404);
    expect((await call("/api/crm/custom-fields/nao-e-id", "PUT", body)).status).toBe(404);
  });
});

describe("a record keeps values its user did not touch", () => {
  it("saves a contact whose stored option was taken out, refuses that option when it is chosen anew", async () => {
    const tier = await field({ entity: "contact", label: "Plano", fieldType: "select", options: ["Ouro", "Prata"] });
    const note = await field({ entity: "contact", label: "Apelido", fieldType: "text" });
    const created = await call<Contact>("/api/crm/contacts", "POST", {
      name: "Dona Benta",
      customFields: { [tier.id]: "Ouro", [note.id]: "Benta" },
    });
    expect(created.status).toBe(201);
    await call(`/api/crm/custom-fields/${tier.id}`, "PUT", { label: "Plano", fieldType: "select", options: ["Prata"] });

    const saved = await call<Contact>(`/api/crm/contacts/${created.body.id}`, "PUT", {
      name: "Dona Benta Encerrabodes",
      version: created.body.version,
      customFields: { [tier.id]: "Ouro", [note.id]: "Tia Benta" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.customFields).toEqual({ [tier.id]: "Ouro", [note.id]: "Tia Benta" });

    const other = await call<Contact>("/api/crm/contacts", "POST", { name: "Visconde", customFields: {} });
    const chosen = await call(`/api/crm/contacts/${other.body.id}`, "PUT", {
      name: "Visconde",
      version: other.body.version,
      customFields: { [tier.id]: "Ouro" },
    });
    expect(chosen.status).toBe(400);
    expect(JSON.stringify(chosen.body)).toContain("Valor inválido no campo personalizado: Plano");
  });

  it("keeps the value of a removed field when the form no longer sends it", async () => {
    const legacy = await field({ entity: "company", label: "Código antigo", fieldType: "text" });
    const created = await call<Company>("/api/crm/companies", "POST", {
      name: "Sítio do Picapau",
      customFields: { [legacy.id]: "A-17" },
    });
    expect((await call(`/api/crm/custom-fields/${legacy.id}`, "DELETE")).status).toBe(200);
    const saved = await call<Company>(`/api/crm/companies/${created.body.id}`, "PUT", {
      name: "Sítio do Picapau Amarelo",
      version: created.body.version,
      customFields: {},
    });
    expect(saved.status).toBe(200);
    expect(saved.body.customFields).toEqual({ [legacy.id]: "A-17" });
  });
});

describe("reordering custom fields", () => {
  it("keeps the order given, per record kind, and audits it", async () => {
    const mine = (await crmAgency(t, "Ordem")).manager;
    const own = api(t, mine);
    const ids: string[] = [];
    for (const label of ["Um", "Dois", "Três"]) {
      const created = await own<CustomField>("/api/crm/custom-fields", "POST", {
        entity: "contact",
        label,
        fieldType: "text",
      });
      ids.push(created.body.id);
    }
    const company = (
      await own<CustomField>("/api/crm/custom-fields", "POST", { entity: "company", label: "Zero", fieldType: "text" })
    ).body;
    const order = [ids[2], ids[0], ids[1]];
    const moved = await own("/api/crm/custom-fields/order", "PUT", { entity: "contact", ids: order });
    expect(moved.status).toBe(200);
    const listed = (await own<{ fields: CustomField[] }>("/api/crm/custom-fields")).body.fields;
    expect(listed.filter((f) => f.entity === "contact").map((f) => f.label)).toEqual(["Três", "Um", "Dois"]);
    expect(listed.filter((f) => f.entity === "company").map((f) => f.id)).toEqual([company.id]);
    const audits = await t.database.owner
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resourceType, "crm_custom_fields"), eq(auditLogs.userId, mine.id)));
    expect(audits.find((a) => a.action === "update")?.details).toEqual({ entity: "contact", order });
  });

  it("refuses an order that is not every field of that kind once, with a pt-BR message", async () => {
    const fields = await fieldsOf("contact");
    const ids = fields.map((f) => f.id);
    const missing = await call("/api/crm/custom-fields/order", "PUT", { entity: "contact", ids: ids.slice(1) });
    expect(missing.status).toBe(409);
    expect(JSON.stringify(missing.body)).toContain("A lista de campos mudou");
    const repeated = await call("/api/crm/custom-fields/order", "PUT", { entity: "contact", ids: [...ids, ids[0]] });
    expect(repeated.status).toBe(400);
    expect(JSON.stringify(repeated.body)).toContain("Cada campo aparece uma só vez na ordem.");
    const wrongKind = await call("/api/crm/custom-fields/order", "PUT", { entity: "company", ids });
    expect(wrongKind.status).toBe(409);
    expect((await fieldsOf("contact")).map((f) => f.id)).toEqual(ids);
  });
});
