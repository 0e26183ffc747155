import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Contact, Deal } from "#domain/schemas/crm.ts";
import type { SearchResult } from "#domain/schemas/search.ts";
import { fairShare } from "#server/search/search-records.ts";
import { api, crmAgency, type Member } from "#tests/api/crm/crm-fixtures.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// Ctrl+K asks for a fair share of each record type (limit=20&perType=4): eight projects named
// like the search cannot push the one deal out, as eight invoices did for "QA Site Padaria Trigo".
let t: TestApp;
let manager: Member;
beforeAll(async () => {
  t = await createTestApp();
  const aurora = await crmAgency(t, "Aurora");
  manager = aurora.manager;
  const call = api(t, manager);
  expect((await call<Contact>("/api/crm/contacts", "POST", { name: "Padaria Trigo Contato" })).status).toBe(201);
  expect((await call<Deal>("/api/crm/deals", "POST", { title: "QA Site Padaria Trigo" })).status).toBe(201);
  for (let n = 1; n <= 8; n++)
    await t.database.owner.execute(
      sql`insert into projects (agency_id, name) values (${aurora.agencyId}, ${`Padaria Trigo ${n}`})`,
    );
});
afterAll(() => t.close());

const search = (query: string) => t.request(`/api/search?${query}`, { cookie: manager.cookie });

describe("a fair share per record type", () => {
  it("keeps at most perType hits of each type, so every type found shows", async () => {
    const response = await search("q=padaria%20trigo&limit=20&perType=4");
    expect(response.status).toBe(200);
    const { hits } = (await response.json()) as SearchResult;
    const titlesOf = (type: string) => hits.filter((hit) => hit.recordType === type).map((hit) => hit.title);
    expect(titlesOf("project")).toHaveLength(4);
    expect(titlesOf("deal")).toEqual(["QA Site Padaria Trigo"]);
    expect(titlesOf("contact")).toEqual(["Padaria Trigo Contato"]);
  });

  it("without perType, the best hits of any type up to the limit (the API as before)", async () => {
    const { hits } = (await (await search("q=padaria%20trigo&limit=20")).json()) as SearchResult;
    expect(hits.filter((hit) => hit.recordType === "project")).toHaveLength(8);
    expect(hits).toHaveLength(10);
  });

  it("refuses a share out of range", async () => {
    expect((await search("q=padaria&perType=0")).status).toBe(400);
    expect((await search("q=padaria&perType=51")).status).toBe(400);
  });

  it("fairShare ranks first, then caps each type and the total", () => {
    const hit = (recordType: "invoice" | "deal" | "contact", rank: number) => ({
      recordType,
      id: `${recordType}${rank}`,
      title: "",
      subtitle: null,
      href: "",
      rank,
    });
    const hits = [...[9, 8, 7, 6, 5].map((r) => hit("invoice", r)), hit("deal", 1), hit("contact", 2)];
    expect(fairShare(hits, 10, 3).map((h) => h.id)).toEqual(["invoice9", "invoice8", "invoice7", "contact2", "deal1"]);
    expect(fairShare(hits, 4, 3).map((h) => h.id)).toEqual(["invoice9", "invoice8", "invoice7", "contact2"]);
  });
});
