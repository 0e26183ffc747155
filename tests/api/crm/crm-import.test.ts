import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Contact, ImportStatus } from "#domain/schemas/crm.ts";
import type { Tx } from "#server/db/client.ts";
import { queryRows } from "#server/db/client.ts";
import { customers } from "#server/db/schema.ts";
import { withTenant } from "#server/db/tenant.ts";
import { IMPORT_CHUNK, runImport } from "#server/features/crm/run-import.ts";
import { createJobQueue } from "#server/jobs/start-jobs.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency, type Member } from "./crm-fixtures.ts";

// The import in chunks of IMPORT_CHUNK rows (this database's), each its own transaction: what a
// file whose duplicates, bad rows and merges fall on either side of a chunk's edge leaves behind.

let t: TestApp;
let aurora: { agencyId: string; manager: Member };
let boreal: { agencyId: string; manager: Member };
let call: ReturnType<typeof api>;
let chunk: number;
beforeAll(async () => {
  t = await createTestApp();
  chunk = IMPORT_CHUNK[t.database.kind];
  aurora = await crmAgency(t, "Aurora");
  boreal = await crmAgency(t, "Boreal");
  call = api(t, aurora.manager);
});
afterAll(() => t.close());

const HEADER = "Nome;E-mail;Telefone;Cidade;Cargo;Tags";
const MAPPING = { Nome: "name", "E-mail": "email", Telefone: "phone", Cidade: "city", Cargo: "position", Tags: "tags" };
type Row = { name?: string; email?: string; phone?: string; city?: string; position?: string; tags?: string };
const lineOf = (r: Row) =>
  [r.name ?? "", r.email ?? "", r.phone ?? "", r.city ?? "", r.position ?? "", r.tags ?? ""].join(";");

async function importRows(member: Member, rows: Row[], duplicates: "skip" | "merge") {
  const started = await api(t, member)<ImportStatus>("/api/crm/imports", "POST", {
    fileName: "lote.csv",
    csv: [HEADER, ...rows.map(lineOf)].join("\r\n"),
    mapping: MAPPING,
    duplicates,
  });
  expect(started.status).toBe(202);
  await createJobQueue(t.deps).drain();
  return (await api(t, member)<ImportStatus>(`/api/crm/imports/${started.body.id}`)).body;
}

const countContacts = async (agencyId: string, emailLike: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.owner,
      sql`select count(*)::int as n from customers where agency_id = ${agencyId} and email like ${emailLike}`,
    )
  )[0].n;

describe("CSV import in chunks", () => {
  it("skips duplicates within a chunk, across chunks and of the agency, and reports a bad row at a chunk's edge by its line", async () => {
    const existing = await call<Contact>("/api/crm/contacts", "POST", {
      name: "Existente",
      email: "existe@aurora.com.br",
    });
    expect(existing.status).toBe(201);
    const total = 2 * chunk + 300;
    const rows: Row[] = Array.from({ length: total }, (_, i) => ({ name: `Lote ${i}`, email: `l${i}@lote.com.br` }));
    rows[10].email = "l5@lote.com.br"; // an earlier row of the same chunk
    rows[chunk + chunk / 2].email = "l3@lote.com.br"; // a row of the first chunk
    rows[chunk - 1] = { name: "", email: "semnome@lote.com.br" }; // the first chunk's last row
    rows[chunk].email = "existe@aurora.com.br"; // the second chunk's first row: the agency's contact
    rows[total - 1] = { name: "Telefone Ruim", phone: "123" }; // the file's last row
    const status = await importRows(aurora.manager, rows, "skip");
    expect(status).toMatchObject({
      status: "done",
      totalRows: total,
      processedRows: total,
      importedRows: total - 5,
      skippedRows: 3,
      mergedRows: 0,
      failedRows: 2,
    });
    expect(status.errors.map((e) => e.line)).toEqual([chunk + 1, total + 1]);
    expect(status.errors[1].reason).toContain("Telefone inválido");
    expect(status.errors[0].row).toMatchObject({ "E-mail": "semnome@lote.com.br" }); // as the file has it
    expect(await countContacts(aurora.agencyId, "%@lote.com.br")).toBe(total - 5);
    const [entries] = await queryRows<{ n: number }>(
      t.database.owner,
      sql`select count(*)::int as n from timeline_events t join customers c on c.id = t.record_id
           where t.agency_id = ${aurora.agencyId} and t.kind = 'imported' and t.details->>'importId' = ${status.id}
             and c.owner_id = ${aurora.manager.id}`,
    );
    expect(entries.n).toBe(total - 5);
  });

  it("merges every row matching one contact, in the file's order, within a chunk and across chunks", async () => {
    const target = await call<Contact>("/api/crm/contacts", "POST", {
      name: "Alvo",
      email: "alvo@aurora.com.br",
      tags: ["vip"],
    });
    const total = chunk + 500;
    const rows: Row[] = Array.from({ length: total }, (_, i) => ({ name: `Fusão ${i}`, email: `f${i}@fusao.com.br` }));
    rows[0] = { name: "Alvo 1", email: "ALVO@aurora.com.br", phone: "(11) 98888-7777", city: "Campinas", tags: "novo" };
    rows[1] = { name: "Alvo 2", email: "alvo@aurora.com.br", city: "Santos", tags: "lote|vip" };
    rows[chunk + 200] = { name: "Alvo 3", phone: "(11) 98888-7777", position: "Diretora", city: "Recife" };
    const status = await importRows(aurora.manager, rows, "merge");
    expect(status).toMatchObject({
      status: "done",
      importedRows: total - 3,
      mergedRows: 3,
      skippedRows: 0,
      failedRows: 0,
    });
    const [merged] = await t.database.owner.select().from(customers).where(eq(customers.id, target.body.id));
    expect(merged).toMatchObject({
      name: "Alvo",
      phone: "+5511988887777",
      city: "Campinas",
      position: "Diretora",
      version: target.body.version + 2,
    });
    expect([...merged.tags].sort()).toEqual(["lote", "novo", "vip"]);
    expect(await countContacts(aurora.agencyId, "%@fusao.com.br")).toBe(total - 3);
  });

  it("a chunk that fails halfway leaves nothing of itself, and the retry goes on after the last whole chunk", async () => {
    const total = 2 * chunk + chunk / 2;
    const rows = Array.from({ length: total }, (_, i) => ({ name: `Metade ${i}`, email: `m${i}@metade.com.br` }));
    const started = await call<ImportStatus>("/api/crm/imports", "POST", {
      fileName: "metade.csv",
      csv: ["Nome;E-mail", ...rows.map((r) => `${r.name};${r.email}`)].join("\n"),
      mapping: { Nome: "name", "E-mail": "email" },
      duplicates: "skip",
    });
    const importer = { agencyId: aurora.agencyId, scope: "all" as const, user: { id: aurora.manager.id } };
    const asManager = <T>(fn: (tx: Tx) => Promise<T>) =>
      withTenant(t.database, { userId: aurora.manager.id, agencyId: aurora.agencyId, isSuperAdmin: false }, fn);
    // Calls: custom fields, resume point, chunk 1, chunk 2: the second chunk's contacts are
    // written, then its progress update fails.
    let calls = 0;
    const failingAfterInsert = <T>(fn: (tx: Tx) => Promise<T>) => {
      calls++;
      if (calls !== 4) return asManager(fn);
      return asManager((tx) => {
        const broken = new Proxy(tx, {
          get(target, prop) {
            if (prop === "update")
              return () => {
                throw new Error("conexão perdida");
              };
            const value = Reflect.get(target, prop, target);
            return typeof value === "function" ? value.bind(target) : value;
          },
        });
        return fn(broken as Tx);
      });
    };
    await expect(runImport(failingAfterInsert, importer, started.body.id, rows, "skip", chunk)).rejects.toThrow(
      "conexão perdida",
    );
    expect((await call<ImportStatus>(`/api/crm/imports/${started.body.id}`)).body).toMatchObject({
      status: "running",
      processedRows: chunk,
      importedRows: chunk,
    });
    expect(await countContacts(aurora.agencyId, "%@metade.com.br")).toBe(chunk);
    await runImport(asManager, importer, started.body.id, rows, "skip", chunk);
    expect((await call<ImportStatus>(`/api/crm/imports/${started.body.id}`)).body).toMatchObject({
      status: "done",
      processedRows: total,
      importedRows: total,
      skippedRows: 0,
    });
    expect(await countContacts(aurora.agencyId, "%@metade.com.br")).toBe(total);
  });

  it("stores custom field values as their type and refuses a row whose value does not fit, by its line", async () => {
    const field = await call<{ id: string }>("/api/crm/custom-fields", "POST", {
      entity: "contact",
      label: "Funcionários",
      fieldType: "number",
    });
    expect(field.status).toBe(201);
    const started = await call<ImportStatus>("/api/crm/imports", "POST", {
      fileName: "campos.csv",
      csv: [
        "Nome;E-mail;Funcionários",
        "Com campo;campo1@campos.com.br;12,5",
        "Campo ruim;campo2@campos.com.br;doze",
        "Sem campo;campo3@campos.com.br;",
      ].join("\n"),
      mapping: { Nome: "name", "E-mail": "email", Funcionários: `custom:${field.body.id}` },
      duplicates: "skip",
    });
    await createJobQueue(t.deps).drain();
    const status = (await call<ImportStatus>(`/api/crm/imports/${started.body.id}`)).body;
    expect(status).toMatchObject({ status: "done", importedRows: 2, failedRows: 1 });
    expect(status.errors.map((e) => [e.line, e.reason])).toEqual([
      [3, "Valor inválido no campo personalizado: Funcionários"],
    ]);
    const stored = await t.database.owner
      .select({ email: customers.email, customFields: customers.customFields })
      .from(customers)
      .where(and(eq(customers.agencyId, aurora.agencyId), sql`${customers.email} like '%@campos.com.br'`))
      .orderBy(customers.email);
    expect(stored).toEqual([
      { email: "campo1@campos.com.br", customFields: { [field.body.id]: 12.5 } },
      { email: "campo3@campos.com.br", customFields: {} },
    ]);
  });

  it("finds duplicates agency-wide, also another owner's the importer cannot see (skipped, never merged), and never another agency's", async () => {
    const managers = await call<Contact>("/api/crm/contacts", "POST", {
      name: "Da Gestora",
      email: "gestora@escopo.com.br",
    });
    const closer = await signedInAs(t, "closer@aurora.com.br", "sales_closer", aurora.agencyId);
    const own = await api(t, closer)<Contact>("/api/crm/contacts", "POST", {
      name: "Do Closer",
      email: "closer@escopo.com.br",
    });
    expect([managers.status, own.status]).toEqual([201, 201]);
    // The closer (scope own) does not see the manager's contact, but a row with its e-mail is
    // still a duplicate of the agency's: skipped even when merging (it cannot be merged into).
    const status = await importRows(
      closer,
      [
        { name: "Gestora de novo", email: "gestora@escopo.com.br", city: "Recife" },
        { name: "Closer de novo", email: "closer@escopo.com.br", city: "Natal" },
      ],
      "merge",
    );
    expect(status).toMatchObject({ importedRows: 0, mergedRows: 1, skippedRows: 1 });
    const [merged] = await t.database.owner.select().from(customers).where(eq(customers.id, own.body.id));
    expect(merged.city).toBe("Natal");
    const [untouched] = await t.database.owner.select().from(customers).where(eq(customers.id, managers.body.id));
    expect(untouched.version).toBe(managers.body.version);
    expect(untouched.city).toBeNull();
    const ownedByCloser = await t.database.owner
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.email, "gestora@escopo.com.br"), eq(customers.ownerId, closer.id)));
    expect(ownedByCloser).toHaveLength(0);
    // Another agency's manager asking with Aurora's id gets nothing.
    const asBoreal = await withTenant(
      t.database,
      { userId: boreal.manager.id, agencyId: boreal.agencyId, isSuperAdmin: false },
      (tx) =>
        queryRows(
          tx,
          sql`select * from crm_contact_duplicates(${aurora.agencyId}::uuid, ARRAY['gestora@escopo.com.br'], '{}', '{}')`,
        ),
    );
    expect(asBoreal).toEqual([]);
    const asAurora = await withTenant(
      t.database,
      { userId: aurora.manager.id, agencyId: aurora.agencyId, isSuperAdmin: false },
      (tx) =>
        queryRows<{ id: string }>(
          tx,
          sql`select id from crm_contact_duplicates(${aurora.agencyId}::uuid, ARRAY['gestora@escopo.com.br'], '{}', '{}')`,
        ),
    );
    expect(asAurora.map((r) => r.id)).toEqual([managers.body.id]);
  });
});
