import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "#domain/crm/csv.ts";
import type { Board, Company, Contact, CustomField, Deal } from "#domain/schemas/crm.ts";
import { companies, customers, leads } from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency } from "./crm-fixtures.ts";

let t: TestApp;
let call: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  call = api(t, (await crmAgency(t, "Aurora")).manager);
});
afterAll(() => t.close());

async function exported(path: string) {
  const answer = await call(path);
  expect(answer.status).toBe(200);
  expect(answer.text.startsWith("\uFEFF")).toBe(true);
  const parsed = parseCsv(answer.text);
  expect(parsed.error).toBeNull();
  return parsed;
}

const field = async (body: Record<string, unknown>) => {
  const created = await call<CustomField>("/api/crm/custom-fields", "POST", body);
  expect(created.status).toBe(201);
  return created.body;
};

/** Sets when a record was created (the export's "Criado em" is that day in the agency's zone). */
const createdAt = (table: typeof customers | typeof companies | typeof leads, id: string, at: string) =>
  t.database.owner
    .update(table)
    .set({ createdAt: new Date(at) })
    .where(eq(table.id, id));

describe("contacts export", () => {
  it("has every field of the form: notes and custom fields by label, in their configured order", async () => {
    const revenue = await field({ entity: "contact", label: "Faturamento anual", fieldType: "number" });
    const birthday = await field({ entity: "contact", label: "Aniversário", fieldType: "date" });
    const segment = await field({ entity: "contact", label: "Segmento", fieldType: "select", options: ["Varejo"] });
    await field({ entity: "company", label: "Porte", fieldType: "text" });
    const order = await call("/api/crm/custom-fields/order", "PUT", {
      entity: "contact",
      ids: [segment.id, revenue.id, birthday.id],
    });
    expect(order.status).toBe(200);
    const ana = await call<Contact>("/api/crm/contacts", "POST", {
      name: "Ana Export",
      notes: "Prefere contato pela manhã; =não é fórmula",
      customFields: { [segment.id]: "Varejo", [revenue.id]: "1.500,50", [birthday.id]: "1990-05-07" },
    });
    expect(ana.status).toBe(201);

    const csv = await exported("/api/crm/contacts/export?q=export");
    expect(csv.header).toEqual([
      "Nome",
      "E-mail",
      "Telefone",
      "WhatsApp",
      "CPF/CNPJ",
      "Empresa",
      "Cargo",
      "Cidade",
      "UF",
      "Origem",
      "Status",
      "Tags",
      "Responsável",
      "Observações",
      "Segmento",
      "Faturamento anual",
      "Aniversário",
      "Criado em",
    ]);
    expect(csv.rows).toHaveLength(1);
    expect(csv.rows[0]).toMatchObject({
      Nome: "Ana Export",
      Observações: "Prefere contato pela manhã; =não é fórmula",
      Segmento: "Varejo",
      "Faturamento anual": "1500,5",
      Aniversário: "07/05/1990",
    });
  });

  it("follows the chosen sort and the screen's filters, with the day of creation in the agency's time zone", async () => {
    const names = ["Bruno Ordem", "Carla Ordem", "Abel Ordem"];
    const ids: string[] = [];
    for (const name of names) ids.push((await call<Contact>("/api/crm/contacts", "POST", { name })).body.id);
    // 22:30 in São Paulo on the last day of February is already 1 March in UTC.
    await createdAt(customers, ids[0], "2026-01-10T12:00:00Z");
    await createdAt(customers, ids[1], "2026-02-10T12:00:00Z");
    await createdAt(customers, ids[2], "2026-03-01T01:30:00Z");

    const byDefault = await exported("/api/crm/contacts/export?q=ordem");
    expect(byDefault.rows.map((r) => r.Nome)).toEqual(["Abel Ordem", "Carla Ordem", "Bruno Ordem"]);
    expect(byDefault.rows[0]["Criado em"]).toBe("28/02/2026");
    const byName = await exported("/api/crm/contacts/export?q=ordem&sort=name_desc");
    expect(byName.rows.map((r) => r.Nome)).toEqual(["Carla Ordem", "Bruno Ordem", "Abel Ordem"]);
    const oldest = await exported("/api/crm/contacts/export?sort=created_asc");
    expect(oldest.rows.slice(0, 2).map((r) => r.Nome)).toEqual(["Bruno Ordem", "Carla Ordem"]);
    // Without a search the list and the export read the same sort too.
    const allByName = await exported("/api/crm/contacts/export?sort=name_asc");
    expect(allByName.rows.map((r) => r.Nome)).toEqual(
      [...allByName.rows.map((r) => r.Nome)].sort((a, b) => (a < b ? -1 : 1)),
    );

    await call(`/api/crm/contacts/${ids[1]}`, "DELETE");
    expect((await exported("/api/crm/contacts/export?q=ordem")).rows.map((r) => r.Nome)).not.toContain("Carla Ordem");
    expect((await exported("/api/crm/contacts/export?q=ordem&deleted=1")).rows.map((r) => r.Nome)).toEqual([
      "Carla Ordem",
    ]);
  });
});

describe("companies export", () => {
  it("lists newest first like the screen, follows the sort, and has notes, owner and custom fields", async () => {
    const size = (await call<{ fields: CustomField[] }>("/api/crm/custom-fields")).body.fields.find(
      (f) => f.label === "Porte",
    );
    const first = await call<Company>("/api/crm/companies", "POST", { name: "Zeta Empresa", notes: "Cliente antigo" });
    const second = await call<Company>("/api/crm/companies", "POST", {
      name: "Alfa Empresa",
      customFields: size ? { [size.id]: "Grande" } : {},
    });
    await createdAt(companies, first.body.id, "2026-01-05T12:00:00Z");
    await createdAt(companies, second.body.id, "2026-02-05T12:00:00Z");

    const csv = await exported("/api/crm/companies/export?q=empresa");
    expect(csv.header).toEqual(expect.arrayContaining(["Responsável", "Tags", "Observações", "Porte", "Criado em"]));
    expect(csv.header.indexOf("Porte")).toBe(csv.header.indexOf("Criado em") - 1);
    expect(csv.rows.map((r) => r.Nome)).toEqual(["Alfa Empresa", "Zeta Empresa"]);
    expect(csv.rows[0]).toMatchObject({ Porte: "Grande", "Criado em": "05/02/2026" });
    expect(csv.rows[1]).toMatchObject({ Observações: "Cliente antigo", "Criado em": "05/01/2026" });
    const oldest = await exported("/api/crm/companies/export?q=empresa&sort=created_asc");
    expect(oldest.rows.map((r) => r.Nome)).toEqual(["Zeta Empresa", "Alfa Empresa"]);
  });
});

describe("deals export", () => {
  it("writes the value as a number Excel sums, dates dd/mm/aaaa, and the list's or the board's order", async () => {
    const board = (await call<Board>("/api/crm/board")).body;
    const [leadsStage, qualified] = board.pipeline.stages;
    const deal = async (title: string, valueCents: number, stageId: string) =>
      (await call<Deal>("/api/crm/deals", "POST", { title, valueCents, stageId, expectedCloseOn: "2026-07-31" })).body;
    const a = await deal("Ordem A", 1_580_000, qualified.id);
    const b = await deal("Ordem B", 0, leadsStage.id);
    const c = await deal("Ordem C", 123_456_789, qualified.id);
    await createdAt(leads, a.id, "2026-01-01T12:00:00Z");
    await createdAt(leads, b.id, "2026-01-02T12:00:00Z");
    await createdAt(leads, c.id, "2026-01-03T12:00:00Z");

    const list = await exported("/api/crm/deals/export?q=ordem");
    expect(list.rows.map((r) => r.Título)).toEqual(["Ordem C", "Ordem B", "Ordem A"]);
    expect(list.rows.map((r) => r["Valor (R$)"])).toEqual(["1234567,89", "0,00", "15800,00"]);
    expect(list.rows[2]).toMatchObject({ "Previsão de fechamento": "31/07/2026", "Criada em": "01/01/2026" });

    const columnOrder = (await call<Board>("/api/crm/board?q=ordem")).body.columns.flatMap((col) =>
      col.deals.map((d) => d.title),
    );
    const onBoard = await exported(
      `/api/crm/deals/export?q=ordem&outcome=open&view=board&pipelineId=${board.pipeline.id}`,
    );
    expect(onBoard.rows.map((r) => r.Título)).toEqual(columnOrder);
    expect(onBoard.rows[0].Título).toBe("Ordem B");
  });
});
