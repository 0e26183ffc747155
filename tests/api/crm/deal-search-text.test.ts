import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Board, Deal } from "#domain/schemas/crm.ts";
import type { SearchResult } from "#domain/schemas/search.ts";
import { queryRows } from "#server/db/client.ts";
import { leads } from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency } from "./crm-fixtures.ts";

// A deal's search text (migration 0058) is kept by a trigger that runs when a searched field is
// written, no longer a generated column computed at every update: the search must still find a
// deal by what it is called now, and the column must never disagree with the row.
let t: TestApp;
let call: ReturnType<typeof api>;
let stages: Board["pipeline"]["stages"];
beforeAll(async () => {
  t = await createTestApp();
  call = api(t, (await crmAgency(t, "Trilha")).manager);
  stages = (await call<Board>("/api/crm/board")).body.pipeline.stages;
});
afterAll(() => t.close());

const found = async (q: string) =>
  (await call<SearchResult>(`/api/search?q=${encodeURIComponent(q)}`)).body.hits
    .filter((hit) => hit.recordType === "deal")
    .map((hit) => hit.title);

/** Deals whose search text is not what crm_search_text gives of their columns today. */
const dealsOutOfStep = () =>
  queryRows<{ id: string }>(
    t.database.owner,
    sql`select id from leads where search_text is distinct from crm_search_text(name, email, phone, null)`,
  );

const searchTextOf = async (id: string) =>
  (await queryRows<{ text: string }>(t.database.owner, sql`select search_text as text from leads where id = ${id}`))[0]
    .text;

describe("a deal's search text", () => {
  it("is written with the deal and follows a new title, accents and case folded", async () => {
    const created = await call<Deal>("/api/crm/deals", "POST", {
      title: "Proposta Águia Dourada",
      stageId: stages[0].id,
      valueCents: 500,
    });
    expect(created.status).toBe(201);
    expect(await found("aguia dour")).toEqual(["Proposta Águia Dourada"]);

    const renamed = await call<Deal>(`/api/crm/deals/${created.body.id}`, "PATCH", {
      title: "Contrato Falcão",
      version: created.body.version,
    });
    expect(renamed.status).toBe(200);
    expect(await found("FALCAO")).toEqual(["Contrato Falcão"]);
    expect(await found("aguia dour")).toEqual([]);
    expect(await dealsOutOfStep()).toEqual([]);
  });

  it("is left as it is by a move, and a direct write into it is replaced", async () => {
    const created = await call<Deal>("/api/crm/deals", "POST", { title: "Campanha Íris", stageId: stages[0].id });
    const before = await searchTextOf(created.body.id);
    const moved = await call<Deal>(`/api/crm/deals/${created.body.id}/move`, "POST", {
      stageId: stages[1].id,
      afterId: null,
    });
    expect(moved.status).toBe(200);
    expect(await searchTextOf(created.body.id)).toBe(before);

    await t.database.owner.update(leads).set({ searchText: "forjado" }).where(eq(leads.id, created.body.id));
    expect(await searchTextOf(created.body.id)).toBe(before);
    expect(await found("forjado")).toEqual([]);
    expect(await found("campanha iris")).toEqual(["Campanha Íris"]);
    expect(await dealsOutOfStep()).toEqual([]);
  });
});

describe("the indexes of leads", () => {
  it("no longer hold the old screen's status, score and stage name (migration 0057)", async () => {
    const rows = await queryRows<{ name: string }>(
      t.database.owner,
      sql`select indexname as name from pg_indexes where tablename = 'leads' order by 1`,
    );
    const names = rows.map((row) => row.name);
    expect(names).toContain("leads_agency_board_idx");
    expect(names).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^leads_agency_(status|score|stage)_idx$/)]),
    );
  });
});
