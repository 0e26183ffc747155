import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "#domain/crm/csv.ts";
import type { Board } from "#domain/schemas/crm.ts";
import { queryRows } from "#server/db/client.ts";
import { EXPORT_PAGE_ROWS } from "#server/features/crm/export-pages.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency, type Member } from "./crm-fixtures.ts";

/** Two and a half export pages of each record kind: every export crosses page boundaries twice. */
const ROWS = Math.floor(EXPORT_PAGE_ROWS * 2.5);

let t: TestApp;
let aurora: { agencyId: string; manager: Member };
let closer: Member;
let board: Board;
let manager: ReturnType<typeof api>;

/**
 * Aurora's contacts, companies and deals, inserted in one statement each (so they share one
 * created_at and the list's keyset orders them by id alone); a third owned by the closer, a few
 * with a formula in a cell. Boreal has rows of the same names, which no export of Aurora may show.
 */
async function insertRecords(agencyId: string, ownerIds: [string, string], stageIds: string[], prefix: string) {
  const owner = sql`case when n % 3 = 0 then ${ownerIds[1]}::uuid else ${ownerIds[0]}::uuid end`;
  const padded = sql`lpad(n::text, 5, '0')`;
  await t.database.owner.execute(sql`
    insert into customers (agency_id, name, status, city, owner_id)
    select ${agencyId}, ${prefix} || 'Lote ' || ${padded}, case when n % 2 = 0 then 'inativo' else 'lead' end,
           case when n % 1000 = 0 then '=HYPERLINK("http://x")' when n % 1000 = 1 then '-1+2' else 'Recife' end, ${owner}
    from generate_series(1, ${ROWS}) n`);
  await t.database.owner.execute(sql`
    insert into companies (agency_id, name, owner_id)
    select ${agencyId}, ${prefix} || 'Empresa ' || ${padded}, ${owner} from generate_series(1, ${ROWS}) n`);
  await t.database.owner.execute(sql`
    insert into leads (agency_id, stage_id, name, position, value_cents, owner_id)
    select ${agencyId}, (${sql.param(stageIds)}::uuid[])[1 + n % ${stageIds.length}],
           case when n % 1000 = 0 then '-Desconto ' else ${prefix} || 'Negócio ' end || ${padded},
           'a' || lpad(((n * 7919) % ${ROWS})::text, 6, '0'), n * 100, ${owner}
    from generate_series(1, ${ROWS}) n`);
}

beforeAll(async () => {
  t = await createTestApp();
  aurora = await crmAgency(t, "Aurora");
  const boreal = await crmAgency(t, "Boreal");
  closer = await signedInAs(t, "closer@aurora.com.br", "sales_closer", aurora.agencyId);
  manager = api(t, aurora.manager);
  board = (await manager<Board>("/api/crm/board")).body;
  const borealStages = (await api(t, boreal.manager)<Board>("/api/crm/board")).body.pipeline.stages;
  await insertRecords(
    aurora.agencyId,
    [aurora.manager.id, closer.id],
    board.pipeline.stages.map((s) => s.id),
    "",
  );
  await insertRecords(
    boreal.agencyId,
    [boreal.manager.id, boreal.manager.id],
    borealStages.map((s) => s.id),
    "",
  );
}, 120_000);
afterAll(() => t.close());

async function exported(member: Member, path: string) {
  const answer = await api(t, member)(path);
  expect(answer.status).toBe(200);
  expect(answer.text.startsWith("\uFEFF")).toBe(true);
  expect(answer.text.lastIndexOf("\uFEFF")).toBe(0);
  const parsed = parseCsv(answer.text);
  expect(parsed.error).toBeNull();
  return parsed.rows;
}

/** A deal's title as stored: the export writes "-Desconto" as "'-Desconto" (a neutralised formula). */
const storedTitle = (row: Record<string, string>) => row.Título.replace(/^'-/, "-");

/** What the screen's list holds, in its order, read straight from the tables (no row-level security). */
async function namesInDatabase(query: SQL): Promise<string[]> {
  return (await queryRows<{ name: string }>(t.database.owner, query)).map((r) => r.name);
}

const auroraContacts = (where: SQL, order: SQL) =>
  namesInDatabase(sql`select name from customers
    where agency_id = ${aurora.agencyId} and deleted_at is null and ${where} order by ${order}`);

describe("an export larger than one page", () => {
  it("has every contact exactly once, in the list's order, and none of another agency", async () => {
    const rows = await exported(aurora.manager, "/api/crm/contacts/export");
    const expected = await auroraContacts(sql`true`, sql`created_at desc, id desc`);
    expect(expected.length).toBeGreaterThan(2 * EXPORT_PAGE_ROWS);
    expect(rows.map((r) => r.Nome)).toEqual(expected);
  });

  it("applies the filters, the search and the sort on every page", async () => {
    const inactive = await exported(aurora.manager, "/api/crm/contacts/export?status=inativo&sort=name_desc");
    expect(inactive.map((r) => r.Nome)).toEqual(await auroraContacts(sql`status = 'inativo'`, sql`name desc, id desc`));
    // The search walks crm_search_page's own keyset, batch after batch, past every page.
    const searched = await exported(aurora.manager, "/api/crm/contacts/export?q=lote&sort=name_asc");
    expect(searched).toHaveLength(ROWS);
    expect(searched.map((r) => r.Nome)).toEqual(await auroraContacts(sql`true`, sql`name asc, id asc`));
  });

  it("gives a closer (record scope own) only the contacts, companies and deals it owns", async () => {
    const own = sql`owner_id = ${closer.id}`;
    const contacts = await exported(closer, "/api/crm/contacts/export?sort=name_asc");
    expect(contacts.map((r) => r.Nome)).toEqual(await auroraContacts(own, sql`name asc, id asc`));
    expect(contacts.length).toBe(Math.floor(ROWS / 3));
    const companies = await exported(closer, "/api/crm/companies/export?sort=name_asc");
    expect(companies.map((r) => r.Nome)).toEqual(
      await namesInDatabase(
        sql`select name from companies where agency_id = ${aurora.agencyId} and ${own} order by name, id`,
      ),
    );
    const deals = await exported(closer, "/api/crm/deals/export");
    expect(deals.map(storedTitle)).toEqual(
      await namesInDatabase(
        sql`select name from leads where agency_id = ${aurora.agencyId} and ${own} order by created_at desc, id desc`,
      ),
    );
  });

  it("neutralises formula cells on every page", async () => {
    const rows = await exported(aurora.manager, "/api/crm/contacts/export?sort=created_asc");
    const formulas = rows.filter((r) => r.Cidade !== "Recife").map((r) => r.Cidade);
    expect(formulas).toHaveLength(Math.floor(ROWS / 1000) * 2);
    expect(new Set(formulas)).toEqual(new Set(['\'=HYPERLINK("http://x")', "'-1+2"]));
    const deals = await exported(aurora.manager, "/api/crm/deals/export");
    expect(deals.filter((r) => r.Título.includes("Desconto")).every((r) => r.Título.startsWith("'-Desconto"))).toBe(
      true,
    );
  });

  it("exports companies in the chosen sort", async () => {
    const rows = await exported(aurora.manager, "/api/crm/companies/export?sort=name_desc");
    expect(rows.map((r) => r.Nome)).toEqual(
      await namesInDatabase(
        sql`select name from companies where agency_id = ${aurora.agencyId} and deleted_at is null order by name desc, id desc`,
      ),
    );
  });

  it("exports deals in the list's order and in the board's (each column top to bottom, left to right)", async () => {
    const list = await exported(aurora.manager, "/api/crm/deals/export?view=list");
    expect(list.map(storedTitle)).toEqual(
      await namesInDatabase(
        sql`select name from leads where agency_id = ${aurora.agencyId} and deleted_at is null order by created_at desc, id desc`,
      ),
    );
    const onBoard = await exported(aurora.manager, `/api/crm/deals/export?view=board&pipelineId=${board.pipeline.id}`);
    const expected = await namesInDatabase(sql`select l.name from leads l join pipeline_stages s on s.id = l.stage_id
      where l.agency_id = ${aurora.agencyId} and l.pipeline_id = ${board.pipeline.id} and l.deleted_at is null
      order by s.position, l.position collate "C", l.id`);
    expect(expected.length).toBeGreaterThan(2 * EXPORT_PAGE_ROWS);
    expect(onBoard.map(storedTitle)).toEqual(expected);
  });

  it("reads every page from one snapshot: rows renamed meanwhile are neither lost nor doubled", async () => {
    const before = await auroraContacts(sql`true`, sql`name asc, id asc`);
    const response = await t.request("/api/crm/contacts/export?sort=name_asc", { cookie: aurora.manager.cookie });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    if (first.value) chunks.push(first.value);
    // The first on the list goes last and the last first, after the first page was sent. (PGlite
    // spools the whole export before the first byte, so there the rename comes after it anyway.)
    await t.database.owner.execute(sql`update customers set name = case
        when name = ${before[0]} then 'ZZZ Movido' else 'AAA Movido' end
      where agency_id = ${aurora.agencyId} and name in (${before[0]}, ${before.at(-1)})`);
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(Buffer.concat(chunks));
    expect(parseCsv(text).rows.map((r) => r.Nome)).toEqual(before);
    expect(await auroraContacts(sql`name like '%Movido'`, sql`name`)).toEqual(["AAA Movido", "ZZZ Movido"]);
  });
});
