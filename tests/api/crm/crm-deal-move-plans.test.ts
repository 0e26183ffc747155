import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Board } from "#domain/schemas/crm.ts";
import { queryRows, type Tx } from "#server/db/client.ts";
import { type SqlStatement, type SqlValue, withTenant } from "#server/db/tenant.ts";
import { READ_MOVE, WRITE_MOVE } from "#server/features/crm/move-deal.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency } from "./crm-fixtures.ts";

// A deal's move runs two prepared statements; after five runs PostgreSQL may keep a generic plan.
// Dropped after the 4,000th card of a 5,000-card column, the move must seek its neighbours in the
// board's index, not read the column from its top.
const COLUMN_CARDS = 5000;
const FOLLOWED_CARD = 4000;

let t: TestApp;
let agencyId: string;
let managerId: string;
let stageId: string;
let cardAt: (n: number) => { id: string; position: string };

beforeAll(async () => {
  t = await createTestApp();
  const agency = await crmAgency(t, "Coluna Longa");
  agencyId = agency.agencyId;
  managerId = agency.manager.id;
  stageId = (await api(t, agency.manager)<Board>("/api/crm/board")).body.pipeline.stages[0].id;
  await t.database.owner.execute(sql`
    insert into leads (agency_id, stage_id, name, position, owner_id)
    select ${agencyId}, ${stageId}::uuid, 'Negócio ' || n, 'a' || lpad(n::text, 6, '0'), ${managerId}::uuid
      from generate_series(1, ${COLUMN_CARDS}) n`);
  await t.database.owner.execute(sql`vacuum analyze leads`);
  const cards = await queryRows<{ id: string; position: string }>(
    t.database.owner,
    sql`select id::text, position from leads where stage_id = ${stageId} order by position, id`,
  );
  cardAt = (n) => cards[n - 1];
}, 120_000);
afterAll(() => t.close());

const literal = (value: SqlValue) => (value === null ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);
class RolledBack extends Error {}

/** The statement's generic plan, run (EXPLAIN ANALYZE) as the manager and rolled back. */
async function genericPlanOf(statement: SqlStatement, params: SqlValue[]): Promise<string> {
  const name = `plan_probe_${Math.random().toString(36).slice(2)}`;
  let plan = "";
  const probe = async (tx: Tx) => {
    await tx.execute(sql.raw("set local plan_cache_mode = force_generic_plan"));
    await tx.execute(sql.raw(`prepare ${name} as ${statement.text}`));
    const execute = `execute ${name}(${params.map(literal).join(", ")})`;
    const rows = await queryRows<Record<string, string>>(tx, sql.raw(`explain (analyze, costs off) ${execute}`));
    plan = rows.map((row) => Object.values(row)[0]).join("\n");
    await tx.execute(sql.raw(`deallocate ${name}`));
    throw new RolledBack();
  };
  await withTenant(t.database, { userId: managerId, agencyId, isSuperAdmin: false }, probe).catch((error) => {
    if (!(error instanceof RolledBack)) throw error;
  });
  return plan;
}

/** The most index entries or rows any node of the plan read and threw away. */
const mostRemoved = (plan: string) =>
  Math.max(0, ...[...plan.matchAll(/Rows Removed by (?:Filter|Index Recheck): (\d+)/g)].map((m) => Number(m[1])));

describe(`a deal dropped after the ${FOLLOWED_CARD}th card of a ${COLUMN_CARDS}-card column, by the cached plans`, () => {
  it("reads the card it follows and the next one by seeking, not by reading the column from its top", async () => {
    const moving = cardAt(1);
    const plan = await genericPlanOf(READ_MOVE, [agencyId, managerId, moving.id, stageId, cardAt(FOLLOWED_CARD).id]);
    expect(plan, plan).toMatch(/leads_agency_board_idx/);
    expect(mostRemoved(plan), plan).toBeLessThan(10);
  });

  it("checks the card it follows and the new key by seeking, and moves the deal", async () => {
    const moving = cardAt(1);
    const followed = cardAt(FOLLOWED_CARD);
    const plan = await genericPlanOf(WRITE_MOVE, [
      ...[agencyId, managerId, moving.id, stageId, `${followed.position}V`, null, stageId],
      ...[followed.id, followed.position, new Date().toISOString(), "Leads", "Leads", "127.0.0.1", null],
    ]);
    expect(plan, plan).toMatch(/Update on leads .*rows=1/);
    expect(plan, plan).not.toMatch(/leads_agency_board_outcome_idx|Seq Scan on leads/);
    expect(mostRemoved(plan), plan).toBeLessThan(10);
  });
});
