import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Board, ContactSummary } from "#domain/schemas/crm.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { seedDemo } from "#tests/factories/demo-data.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

const NOW = new Date("2026-11-25T15:00:00Z");
let t: TestApp;
let manager: { cookie: string };

beforeAll(async () => {
  t = await createTestApp({ deps: { now: () => NOW } });
  const auroraId = (await seedDemo(t.deps.auth, t.database.owner, NOW)).aurora.id;
  // The README says the seed can run twice: the second run must not add a second CRM.
  await seedDemo(t.deps.auth, t.database.owner, NOW);
  manager = await signedInAs(t, "crm-demo@aurora.example.com", "agency_manager", auroraId);
});
afterAll(() => t.close());

const get = async <T>(path: string) => (await (await t.request(path, { cookie: manager.cookie })).json()) as T;

describe("Agência Aurora's demo CRM", () => {
  it("has a few hundred contacts, once, even though the finance and delivery demos add companies first", async () => {
    const summary = await get<ContactSummary>("/api/crm/contacts/summary");
    expect(summary.total).toBeGreaterThanOrEqual(400);
    expect(summary.total).toBeLessThan(800);
    expect(summary.leads).toBeGreaterThan(0);
    expect(summary.clientes).toBeGreaterThan(0);
  });

  it("has open deals with values in every stage of the board", async () => {
    const board = await get<Board>("/api/crm/board");
    expect(board.columns.map((column) => column.count).every((count) => count > 0)).toBe(true);
    const cards = board.columns.flatMap((column) => column.deals);
    expect(cards.every((deal) => deal.valueCents > 0)).toBe(true);
    expect(board.openTotalCents).toBeGreaterThan(0);
  });
});
