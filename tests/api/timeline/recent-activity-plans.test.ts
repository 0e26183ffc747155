import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#server/auth/session-user.ts";
import { queryRows } from "#server/db/client.ts";
import { withTenant } from "#server/db/tenant.ts";
import { recentActivityQuery } from "#server/features/timeline/list-recent-activity.ts";
import { moduleAccessOf } from "#server/records/module-access.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// Recent activity filters by what the caller may view in its statement, then limits: a busy
// agency (100,000 events on 20,000 deals and contacts) with a closer who owns 1 deal in 100.
let t: TestApp;
let agencyId: string;
let closer: SessionUser;
let manager: SessionUser;
beforeAll(async () => {
  t = await createTestApp();
  agencyId = (await createAgency(t.database.owner, { name: "Agência Movimentada" })).id;
  const closerId = (await signedInAs(t, "closer@movimentada.com.br", "sales_closer", agencyId)).id;
  const managerId = (await signedInAs(t, "gestora@movimentada.com.br", "agency_manager", agencyId)).id;
  closer = { id: closerId, agencyId, role: "sales_closer", isSuperAdmin: false } as SessionUser;
  manager = { id: managerId, agencyId, role: "agency_manager", isSuperAdmin: false } as SessionUser;
  await t.database.owner.execute(sql`
    insert into leads (agency_id, name, owner_id)
    select ${agencyId}, 'Negócio ' || n, case when n % 100 = 0 then ${closerId}::uuid else ${managerId}::uuid end
    from generate_series(1, 10000) n`);
  await t.database.owner.execute(sql`
    insert into customers (agency_id, name, owner_id)
    select ${agencyId}, 'Contato ' || n, ${managerId}::uuid from generate_series(1, 10000) n`);
  await t.database.owner.execute(sql`
    insert into timeline_events (agency_id, record_type, record_id, kind, actor_id, created_at)
    select ${agencyId}, case when n % 2 = 0 then 'deal' else 'contact' end,
           case when n % 2 = 0 then d.ids[1 + n % 10000] else c.ids[1 + n % 10000] end,
           'note', ${managerId}::uuid, now() - (n || ' seconds')::interval
    from generate_series(1, 100000) n,
      (select array_agg(id order by id) ids from leads where agency_id = ${agencyId}) d,
      (select array_agg(id order by id) ids from customers where agency_id = ${agencyId}) c`);
  await t.database.owner.execute(sql`vacuum analyze leads`);
  await t.database.owner.execute(sql`vacuum analyze customers`);
  await t.database.owner.execute(sql`vacuum analyze timeline_events`);
}, 120_000);
afterAll(() => t.close());

async function planOf(user: SessionUser): Promise<string> {
  return withTenant(
    t.database,
    { userId: user.id, agencyId, isSuperAdmin: false },
    async (tx) => {
      const query = recentActivityQuery(tx, user, agencyId, await moduleAccessOf(tx, user), 10);
      if (!query) throw new Error("sem consulta");
      const rows = await queryRows<Record<string, string>>(tx, sql`explain ${query}`);
      return rows.map((row) => Object.values(row)[0]).join("\n");
    },
    { readOnly: true },
  );
}

describe("recent activity's plan (100,000 events)", () => {
  it.each([
    ["a closer (own deals and contacts)", () => closer],
    ["the manager (every record)", () => manager],
  ])("%s: walks the agency's events index newest first, no sort, no scan of every deal", async (_, who) => {
    const plan = await planOf(who());
    expect(plan, plan).toMatch(/timeline_events_agency_created_idx/);
    expect(plan, plan).not.toMatch(/Sort/);
    // Measured on PostgreSQL (EXPLAIN ANALYZE): manager 0.07 ms; closer 1.1 ms (its 100 deals
    // by leads_agency_owner_idx, ~2,400 newer events of others skipped on the way).
    expect(plan, plan).not.toMatch(/Seq Scan on (leads|customers)/);
  });
});
