import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  Board,
  Contact,
  ContactSummary,
  ContactsPage,
  Deal,
  ImportStatus,
  TimelinePage,
} from "#domain/schemas/crm.ts";
import { auditLogs, customers, leads, pipelineStages } from "#server/db/schema.ts";
import type { Tx } from "#server/db/client.ts";
import { queryRows } from "#server/db/client.ts";
import { withTenant } from "#server/db/tenant.ts";
import { runImport } from "#server/features/crm/run-import.ts";
import { createJobQueue } from "#server/jobs/start-jobs.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency } from "./crm-fixtures.ts";

let t: TestApp;
let call: ReturnType<typeof api>;
let agencyId: string;
let managerId: string;
beforeAll(async () => {
  t = await createTestApp();
  const aurora = await crmAgency(t, "Aurora");
  agencyId = aurora.agencyId;
  managerId = aurora.manager.id;
  call = api(t, aurora.manager);
});
afterAll(() => t.close());

const newContact = (body: Record<string, unknown>) => call<Contact>("/api/crm/contacts", "POST", body);

describe("contacts", () => {
  it("creates a contact with the phone stored E.164, the document checked and an audit and timeline entry", async () => {
    const created = await newContact({
      name: "João Conceição",
      email: "Joao@Exemplo.com.br",
      phone: "(11) 98765-4321",
      document: "529.982.247-25",
      status: "cliente",
      state: "sp",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email: "joao@exemplo.com.br",
      phone: "+5511987654321",
      document: "52998224725",
      state: "SP",
    });
    const audit = await t.database.owner
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resourceType, "contact"), eq(auditLogs.resourceId, created.body.id)));
    expect(audit).toHaveLength(1);
    const timeline = await call<TimelinePage>(`/api/crm/contacts/${created.body.id}/timeline`);
    expect(timeline.body.entries.map((e) => e.kind)).toEqual(["created"]);
  });

  it("refuses bad input with pt-BR messages and writes nothing", async () => {
    const bad = await newContact({ name: "Ana", document: "529.982.247-24" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("CPF ou CNPJ inválido");
    const phone = await newContact({ name: "Ana", phone: "12345" });
    expect(JSON.stringify(phone.body)).toContain("Telefone inválido");
    expect(await t.database.owner.select().from(customers).where(eq(customers.name, "Ana"))).toHaveLength(0);
  });

  it("warns of a duplicate e-mail, phone or document with the existing contact, and creates when confirmed", async () => {
    const dup = await newContact({ name: "Outro João", phone: "11 98765 4321" });
    expect(dup.status).toBe(409);
    expect(JSON.stringify(dup.body)).toContain("João Conceição");
    const forced = await newContact({ name: "Outro João", phone: "11 98765 4321", ignoreDuplicates: true });
    expect(forced.status).toBe(201);
  });

  it("searches without accents or case by name, e-mail, phone and document fragments", async () => {
    await newContact({ name: "Fábio Araújo", email: "fabio@loja.com.br", status: "lead" });
    const find = async (q: string) =>
      (await call<ContactsPage>(`/api/crm/contacts?q=${encodeURIComponent(q)}`)).body.contacts
        .map((c) => c.name)
        .sort();
    expect(await find("CONCEIÇAO")).toEqual(["João Conceição"]);
    expect(await find("fabio araujo")).toEqual(["Fábio Araújo"]);
    expect(await find("@loja")).toEqual(["Fábio Araújo"]);
    expect(await find("(11) 98765")).toEqual(["João Conceição", "Outro João"]);
    expect(await find("982.247")).toEqual(["João Conceição"]);
  });

  it("pages by keyset, filters by status and counts the summary cards", async () => {
    const first = await call<ContactsPage>("/api/crm/contacts?limit=2&sort=name_asc");
    expect(first.body.contacts).toHaveLength(2);
    const second = await call<ContactsPage>(`/api/crm/contacts?limit=2&sort=name_asc&cursor=${first.body.nextCursor}`);
    const names = [...first.body.contacts, ...second.body.contacts].map((c) => c.name);
    expect(names).toEqual(["Fábio Araújo", "João Conceição", "Outro João"]);
    const leadsOnly = await call<ContactsPage>("/api/crm/contacts?status=lead");
    expect(leadsOnly.body.contacts.map((c) => c.name).sort()).toEqual(["Fábio Araújo", "Outro João"]);
    const summary = await call<ContactSummary>("/api/crm/contacts/summary");
    expect(summary.body).toEqual({ total: 3, leads: 2, clientes: 1, thisMonth: 3 });
  });

  it("answers 409 to an edit based on an old version, and soft deletes with undo", async () => {
    const created = (await newContact({ name: "Carla Dias" })).body;
    const ok = await call<Contact>(`/api/crm/contacts/${created.id}`, "PUT", {
      name: "Carla Dias Souza",
      version: created.version,
    });
    expect(ok.status).toBe(200);
    const stale = await call(`/api/crm/contacts/${created.id}`, "PUT", { name: "Carla D.", version: created.version });
    expect(stale.status).toBe(409);
    expect(JSON.stringify(stale.body)).toContain("alterado por outra pessoa");
    expect((await call(`/api/crm/contacts/${created.id}`, "DELETE")).status).toBe(200);
    expect((await call<ContactsPage>("/api/crm/contacts?q=carla")).body.contacts).toHaveLength(0);
    expect((await call(`/api/crm/contacts/${created.id}/restore`, "POST")).status).toBe(200);
    expect((await call<ContactsPage>("/api/crm/contacts?q=carla")).body.contacts).toHaveLength(1);
  });

  it("merges two contacts keeping fields, deals and timeline", async () => {
    const keep = (await newContact({ name: "Maria Lima", email: "maria@lima.com.br" })).body;
    const other = (await newContact({ name: "Maria L.", phone: "(21) 99876-5432", tags: ["vip"] })).body;
    const deal = (
      await call<Deal>("/api/crm/deals", "POST", { title: "Site da Maria", valueCents: 500000, contactId: other.id })
    ).body;
    const merged = await call<Contact>("/api/crm/contacts/merge", "POST", { keepId: keep.id, mergeId: other.id });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ email: "maria@lima.com.br", phone: "+5521998765432", tags: ["vip"] });
    expect((await call<Deal>(`/api/crm/deals/${deal.id}`)).body.contactId).toBe(keep.id);
    const kinds = (await call<TimelinePage>(`/api/crm/contacts/${keep.id}/timeline`)).body.entries.map((e) => e.kind);
    expect(kinds).toContain("merged");
    expect(kinds).toContain("deal_created");
    expect((await call(`/api/crm/contacts/${other.id}`)).body).toMatchObject({ deletedAt: expect.any(String) });
  });

  it("exports the filtered list as semicolon CSV with a BOM and neutralised formulas", async () => {
    await newContact({ name: '=HYPERLINK("x")', status: "inativo" });
    const csv = await call("/api/crm/contacts/export?status=inativo");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.text.startsWith("\uFEFFNome;E-mail;")).toBe(true);
    expect(csv.text).toContain("'=HYPERLINK");
    expect(csv.text).not.toContain("João");
  });
});

describe("deals on the pipeline", () => {
  it("every agency has the spec's five stages", async () => {
    const board = (await call<Board>("/api/crm/board")).body;
    expect(board.pipeline.stages.map((s) => s.name)).toEqual([
      "leads",
      "qualificados",
      "proposta",
      "negociacao",
      "fechados",
    ]);
  });

  it("creates deals with a contact on the fly, moves them within and between columns, keeps the order and counts", async () => {
    const a = (
      await call<Deal>("/api/crm/deals", "POST", {
        title: "A",
        valueCents: 100000,
        newContact: { name: "Pedro Alves", email: "pedro@alves.com.br" },
      })
    ).body;
    expect(a.contactName).toBe("Pedro Alves");
    const b = (await call<Deal>("/api/crm/deals", "POST", { title: "B", valueCents: 250050 })).body;
    const c = (await call<Deal>("/api/crm/deals", "POST", { title: "C", valueCents: 10 })).body;
    const board = async () => (await call<Board>("/api/crm/board")).body;
    const stages = (await board()).pipeline.stages;
    const titles = async (stage: number) =>
      (await board()).columns[stage].deals.map((d) => d.title).filter((x: string) => ["A", "B", "C"].includes(x));
    expect(await titles(0)).toEqual(["A", "B", "C"]);
    // C to the top of the same column, then B after A in fechados.
    expect((await call(`/api/crm/deals/${c.id}/move`, "POST", { stageId: stages[0].id, afterId: null })).status).toBe(
      200,
    );
    expect(await titles(0)).toEqual(["C", "A", "B"]);
    const moved = await call<Deal>(`/api/crm/deals/${b.id}/move`, "POST", {
      stageId: stages[4].id,
      afterId: null,
      version: b.version,
    });
    expect(moved.body.stageId).toBe(stages[4].id);
    expect(await titles(4)).toEqual(["B"]);
    const fechados = (await board()).columns[4];
    expect(fechados).toMatchObject({ count: 1, totalCents: 250050 });
    const stale = await call(`/api/crm/deals/${b.id}/move`, "POST", {
      stageId: stages[3].id,
      afterId: null,
      version: b.version,
    });
    expect(stale.status).toBe(409);
    const timeline = (await call<TimelinePage>(`/api/crm/deals/${b.id}/timeline`)).body.entries;
    expect(timeline[0]).toMatchObject({ kind: "stage_changed", details: { from: "leads", to: "fechados" } });
    const [row] = await t.database.owner.select().from(leads).where(eq(leads.id, b.id));
    expect(row.stage).toBe("fechados");
    expect(a.valueCents).toBe(100000);
  });

  it("computes the weighted forecast from the stages' win probabilities", async () => {
    const board = (await call<Board>("/api/crm/board")).body;
    const stages = await t.database.owner.select().from(pipelineStages).where(eq(pipelineStages.agencyId, agencyId));
    const expected = board.columns.reduce((sum, col) => {
      const p = stages.find((s) => s.id === col.stageId)?.winProbability ?? 0;
      return (
        sum +
        Math.round((col.deals.filter((d) => d.outcome === "open").reduce((s, d) => s + d.valueCents, 0) * p) / 100)
      );
    }, 0);
    expect(board.forecastCents).toBe(expected);
    expect(board.forecastCents).toBeGreaterThan(0);
  });

  it("wins and loses with a reason, and refuses a loss without one", async () => {
    const d = (await call<Deal>("/api/crm/deals", "POST", { title: "Perdida", valueCents: 1000 })).body;
    expect((await call(`/api/crm/deals/${d.id}/outcome`, "POST", { outcome: "lost" })).status).toBe(400);
    const lost = await call<Deal>(`/api/crm/deals/${d.id}/outcome`, "POST", { outcome: "lost", lostReason: "Preço" });
    expect(lost.body).toMatchObject({ outcome: "lost", lostReason: "Preço" });
    const won = await call<Deal>(`/api/crm/deals/${d.id}/outcome`, "POST", { outcome: "won" });
    expect(won.body).toMatchObject({ outcome: "won", lostReason: null, closedAt: expect.any(String) });
  });

  it("logs notes and tasks on a deal's timeline", async () => {
    const d = (await call<Deal>("/api/crm/deals", "POST", { title: "Com nota" })).body;
    expect(
      (await call(`/api/crm/deals/${d.id}/activities`, "POST", { kind: "call", text: "Ligou para o cliente" })).status,
    ).toBe(201);
    expect(
      (await call(`/api/crm/deals/${d.id}/tasks`, "POST", { title: "Enviar proposta", dueDate: "2030-01-10" })).status,
    ).toBe(201);
    const entries = (await call<TimelinePage>(`/api/crm/deals/${d.id}/timeline`)).body.entries;
    expect(entries.map((e) => e.kind)).toEqual(["task", "call", "created"]);
    expect(entries[1].details).toEqual({ text: "Ligou para o cliente" });
    // The task's entry says who it is for (the caller, when no one else is named).
    expect(entries[0].details).toMatchObject({
      title: "Enviar proposta",
      dueDate: "2030-01-10",
      assigneeId: managerId,
    });
  });
});

describe("CSV import", () => {
  it("imports in the background with progress, per-line errors, skipped duplicates; refuses a file that is not CSV", async () => {
    const lines = ["Nome;E-mail;Telefone;Cidade"];
    for (let i = 0; i < 30; i++)
      lines.push(`Contato ${i};c${i}@importado.com.br;(11) 9${String(10000000 + i)};São Paulo`);
    lines.push(
      ";semnome@x.com;;",
      "Bad Phone;bad@x.com;123;",
      "Dup;c1@importado.com.br;;",
      "Existente;joao@exemplo.com.br;;",
    );
    const started = await call<ImportStatus>("/api/crm/imports", "POST", {
      fileName: "contatos.csv",
      csv: lines.join("\n"),
      mapping: { Nome: "name", "E-mail": "email", Telefone: "phone", Cidade: "city" },
      duplicates: "skip",
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: "running", processedRows: 0 });
    // The rows wait in a background job (it survives a restart); the worker takes it.
    await createJobQueue(t.deps).drain();
    const status = (await call<ImportStatus>(`/api/crm/imports/${started.body.id}`)).body;
    expect(status).toMatchObject({
      status: "done",
      totalRows: 34,
      processedRows: 34,
      importedRows: 30,
      skippedRows: 2,
      failedRows: 2,
    });
    expect(status.errors.map((e) => e.line)).toEqual([32, 33]);
    expect(status.errors[1].reason).toContain("Telefone inválido");
    expect((await call<ContactsPage>("/api/crm/contacts?q=importado.com&limit=100")).body.contacts).toHaveLength(30);

    const notCsv = await call("/api/crm/imports", "POST", {
      fileName: "x.csv",
      csv: "\u0000\u0001binário",
      mapping: { a: "name" },
    });
    expect(notCsv.status).toBe(400);
  });

  it("a retried import goes on after its last committed batch: nothing imported twice", async () => {
    const lines = ["Nome;E-mail"];
    const rows: Record<string, string>[] = [];
    for (let i = 0; i < 2500; i++) {
      lines.push(`Retomado ${i};r${i}@retomada.com.br`);
      rows.push({ name: `Retomado ${i}`, email: `r${i}@retomada.com.br` });
    }
    const started = await call<ImportStatus>("/api/crm/imports", "POST", {
      fileName: "grande.csv",
      csv: lines.join("\n"),
      mapping: { Nome: "name", "E-mail": "email" },
      duplicates: "skip",
    });
    expect(started.status).toBe(202);
    // What the job does, with a database that fails during the second batch (calls: custom
    // fields, resume point, batch 1, batch 2), then the retry.
    const importer = { agencyId, scope: "all" as const, user: { id: managerId } };
    const asManager = <T>(fn: (tx: Tx) => Promise<T>) =>
      withTenant(t.database, { userId: managerId, agencyId, isSuperAdmin: false }, fn);
    let calls = 0;
    const failingOnce = <T>(fn: (tx: Tx) => Promise<T>) => {
      calls++;
      return calls === 4 ? Promise.reject(new Error("conexão perdida")) : asManager(fn);
    };
    await expect(runImport(failingOnce, importer, started.body.id, rows, "skip", 1000)).rejects.toThrow(
      "conexão perdida",
    );
    expect((await call<ImportStatus>(`/api/crm/imports/${started.body.id}`)).body).toMatchObject({
      status: "running",
      processedRows: 1000,
    });
    await runImport(asManager, importer, started.body.id, rows, "skip", 1000);
    expect((await call<ImportStatus>(`/api/crm/imports/${started.body.id}`)).body).toMatchObject({
      status: "done",
      processedRows: 2500,
      importedRows: 2500,
      skippedRows: 0,
    });
    const [count] = await queryRows<{ n: number }>(
      t.database.owner,
      sql`select count(*)::int as n from customers where agency_id = ${agencyId} and email like '%@retomada.com.br'`,
    );
    expect(count.n).toBe(2500);
  });
});
