import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Board, Deal } from "#domain/schemas/crm.ts";
import { queryRows } from "#server/db/client.ts";
import { leads } from "#server/db/schema.ts";
import { api, crmAgency, type Member } from "#tests/api/crm/crm-fixtures.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * A write route that declares `reusesSession` (a deal's move) runs on the session found by an
 * earlier request, unread, and proves it in its transaction's first statement
 * (app_enter_tenant_write, migration 0041): every change to what the session was built from still
 * applies to the very next write, and a refused proof writes nothing. On both databases.
 */
let t: TestApp;
const sent: string[] = [];
let recording = false;
let agencyId: string;
let stages: Board["pipeline"]["stages"];
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ onQuery: (text) => recording && sent.push(text) });
  const agency = await crmAgency(t, "Reuso");
  agencyId = agency.agencyId;
  stages = (await api(t, agency.manager)<Board>("/api/crm/board")).body.pipeline.stages;
});
afterAll(() => t.close());

/** A manager whose session the move route has found twice (so the next move reuses it), and a deal. */
async function warmedMover(): Promise<{ manager: Member; deal: Deal }> {
  n += 1;
  const manager = await signedInAs(t, `gestora${n}@reuso.com.br`, "agency_manager", agencyId);
  const created = await api(t, manager)<Deal>("/api/crm/deals", "POST", { title: `Reuso ${n}`, stageId: stages[0].id });
  expect(created.status).toBe(201);
  for (const stage of [stages[1], stages[0]]) expect((await move(manager, created.body.id, stage.id)).status).toBe(200);
  return { manager, deal: created.body };
}

const move = (member: Member, dealId: string, stageId: string) =>
  t.request(`/api/crm/deals/${dealId}/move`, { body: { stageId, afterId: null }, cookie: member.cookie });

async function stageOfDeal(id: string): Promise<string> {
  const [row] = await t.database.owner.select({ stageId: leads.stageId }).from(leads).where(eq(leads.id, id));
  return row.stageId;
}

async function recorded<T>(work: () => Promise<T>): Promise<{ result: T; trips: string[] }> {
  sent.length = 0;
  recording = true;
  try {
    return { result: await work(), trips: [...sent] };
  } finally {
    recording = false;
  }
}

const run = (query: ReturnType<typeof sql>) => t.database.owner.execute(query);
const SESSION_READ = /app_session_state\(/;

describe("a write that reuses the session found earlier", () => {
  it("reads no session: its transaction's first statement proves it", async () => {
    const { manager, deal } = await warmedMover();
    const { result, trips } = await recorded(() => move(manager, deal.id, stages[2].id));
    expect(result.status).toBe(200);
    expect(trips.some((trip) => SESSION_READ.test(trip))).toBe(false);
    // Two round trips: the deal and its neighbours read (proving the session), then the write
    // entering through the proven write context (kept prepared as nexo_enter_tenant_write_proven).
    expect(trips).toHaveLength(2);
    expect(trips[1]).toMatch(
      /^(PREPARE nexo_enter_tenant_write_proven AS select app_enter_tenant_write\(|EXECUTE nexo_enter_tenant_write_proven\()/,
    );
    expect(await stageOfDeal(deal.id)).toBe(stages[2].id);
  });

  it("a revoked permission refuses the next write, and nothing is written", async () => {
    const { manager, deal } = await warmedMover();
    await run(
      sql`update role_permissions set can_edit = false where role = 'agency_manager' and module = 'crm_pipelines'`,
    );
    try {
      expect((await move(manager, deal.id, stages[3].id)).status).toBe(403);
      expect(await stageOfDeal(deal.id)).toBe(stages[0].id);
    } finally {
      await run(
        sql`update role_permissions set can_edit = true where role = 'agency_manager' and module = 'crm_pipelines'`,
      );
    }
    expect((await move(manager, deal.id, stages[3].id)).status).toBe(200);
  });

  it("a deleted session answers 401, and nothing is written", async () => {
    const { manager, deal } = await warmedMover();
    await run(sql`delete from session where user_id = ${manager.id}`);
    expect((await move(manager, deal.id, stages[4].id)).status).toBe(401);
    expect(await stageOfDeal(deal.id)).toBe(stages[0].id);
  });

  it("a session changed under it is read again and the write runs once, on the session as it is now", async () => {
    const { manager, deal } = await warmedMover();
    await run(sql`update profiles set first_name = 'Outra' where id = ${manager.id}`);
    const { result, trips } = await recorded(() => move(manager, deal.id, stages[1].id));
    expect(result.status).toBe(200);
    expect(trips.filter((trip) => SESSION_READ.test(trip))).toHaveLength(1);
    const changes = await queryRows<{ n: number }>(
      t.database.owner,
      sql`select count(*)::int as n from timeline_events where record_id = ${deal.id} and kind = 'stage_changed'`,
    );
    // Two warm-up moves and this one: the refused attempt wrote no timeline row.
    expect(changes).toEqual([{ n: 3 }]);
  });

  it("an error after the proof is the answer: the request is not run again", async () => {
    const { manager, deal } = await warmedMover();
    const { result, trips } = await recorded(() => move(manager, deal.id, crypto.randomUUID()));
    expect(result.status).toBe(404);
    expect(trips.some((trip) => SESSION_READ.test(trip))).toBe(false);
  });
});
