import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#server/auth/session-user.ts";
import { queryRows } from "#server/db/client.ts";
import { withTenant } from "#server/db/tenant.ts";
import type { CardContext } from "#server/features/dashboard/dashboard-card.ts";
import { customersCountQuery } from "#server/features/dashboard/cards/customers-card.ts";
import { priorityTasksQuery } from "#server/features/dashboard/cards/priority-tasks-card.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// Migration 0046: the dashboard's two heaviest cards read an index of their own instead of every
// open task and every contact of the agency. The bench times them at 200,000 contacts.
let t: TestApp;
let agencyIds: string[];
beforeAll(async () => {
  t = await createTestApp();
  agencyIds = [];
  for (let i = 0; i < 5; i++) agencyIds.push((await createAgency(t.database.owner, { name: `Agência ${i}` })).id);
  const agencyOfRow = sql.raw(`(array[${agencyIds.map((id) => `'${id}'::uuid`).join(",")}])[1 + n % 5]`);
  await t.database.owner.execute(sql`
    insert into projects (agency_id, name)
    select ${agencyOfRow}, 'Projeto ' || n from generate_series(1, 100) n`);
  // Each task in a project of its own agency, as the board writes them.
  await t.database.owner.execute(sql`
    insert into tasks (agency_id, project_id, title, priority, status, due_date)
    select p.agency_id, p.id, 'Tarefa ' || n, (array['alta','media','baixa'])[1 + n % 3],
           (array['pending','in_progress','completed'])[1 + n % 3], now() + (n % 90 || ' days')::interval
    from generate_series(1, 30000) n
    join lateral (select id, agency_id from projects order by id offset n % 100 limit 1) p on true`);
  await t.database.owner.execute(sql`
    insert into customers (agency_id, name, status, deleted_at)
    select ${agencyOfRow}, 'Contato ' || n, (array['lead','ativo','cliente'])[1 + n % 3],
           case when n % 50 = 0 then now() end
    from generate_series(1, 30000) n`);
  // As autovacuum would soon after: the visibility map lets a count read the index alone.
  await t.database.owner.execute(sql`vacuum analyze projects`);
  await t.database.owner.execute(sql`vacuum analyze tasks`);
  await t.database.owner.execute(sql`vacuum analyze customers`);
}, 120_000);
afterAll(() => t.close());

function managerContext(agencyId: string): CardContext {
  const user = { id: "00000000-0000-4000-8000-000000000001", agencyId, isSuperAdmin: false } as SessionUser;
  return { agencyId, user, now: new Date(), canView: () => true, scopeOf: () => "all" };
}

async function planOf(ctx: CardContext, query: SQL): Promise<string> {
  return withTenant(
    t.database,
    { userId: ctx.user.id, agencyId: ctx.agencyId, isSuperAdmin: false },
    async (tx) => {
      const rows = await queryRows<Record<string, string>>(tx, sql`explain ${query}`);
      return rows.map((row) => Object.values(row)[0]).join("\n");
    },
    { readOnly: true },
  );
}

describe("dashboard card plans (30,000 tasks and contacts, 5 agencies)", () => {
  it("the priority list reads the open tasks' priority index in its order, with no sort", async () => {
    const ctx = managerContext(agencyIds[2]);
    const plan = await planOf(ctx, priorityTasksQuery(ctx));
    expect(plan, plan).toMatch(/tasks_agency_open_priority_idx/);
    expect(plan, plan).not.toMatch(/Sort/);
  });

  it("the contacts card counts from the live contacts' index alone", async () => {
    const ctx = managerContext(agencyIds[2]);
    const plan = await planOf(ctx, customersCountQuery(ctx));
    expect(plan, plan).toMatch(/Index Only Scan using customers_agency_live_status_idx/);
  });
});
