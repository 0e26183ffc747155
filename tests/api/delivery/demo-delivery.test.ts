import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_STATUSES } from "#domain/schemas/projects.ts";
import { queryRows } from "#server/db/client.ts";
import { seedDemo } from "#tests/factories/demo-data.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

const NOW = new Date("2026-11-25T15:00:00Z");
const DAY = 86_400_000;
let t: TestApp;
let auroraId: string;

beforeAll(async () => {
  t = await createTestApp({ deps: { now: () => NOW } });
  auroraId = (await seedDemo(t.deps.auth, t.database.owner, NOW)).aurora.id;
}, 120_000);
afterAll(() => t.close());

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.owner, query))[0];

describe("Agência Aurora's demo delivery (issue 17 §7)", () => {
  it("has projects in every status, tasks with assignees among its users, a month of time, meetings this week", async () => {
    const statuses = await queryRows<{ status: string }>(
      t.database.owner,
      sql`select distinct status from projects where agency_id = ${auroraId} and deleted_at is null`,
    );
    expect(statuses.map((s) => s.status).sort()).toEqual([...PROJECT_STATUSES].sort());
    const tasks = await one<{ projects: number; assigned: number; foreign: number }>(
      sql`select count(distinct t.project_id)::int as projects,
                 count(*) filter (where exists (select 1 from task_assignees a where a.task_id = t.id))::int as assigned,
                 (select count(*)::int from task_assignees a join profiles p on p.id = a.user_id
                   where a.agency_id = ${auroraId} and p.agency_id is distinct from ${auroraId}) as foreign
            from tasks t where t.agency_id = ${auroraId}`,
    );
    expect(tasks.projects).toBeGreaterThanOrEqual(3);
    expect(tasks.assigned).toBeGreaterThanOrEqual(5);
    expect(tasks.foreign).toBe(0);
    const time = await one<{ days: number; people: number }>(
      sql`select count(distinct started_at::date)::int as days, count(distinct user_id)::int as people
            from time_entries where agency_id = ${auroraId}
             and started_at >= ${new Date(NOW.getTime() - 31 * DAY).toISOString()}::timestamptz`,
    );
    expect(time.days).toBeGreaterThanOrEqual(15);
    expect(time.people).toBeGreaterThanOrEqual(2);
    const monday = new Date(NOW.getTime() - ((NOW.getUTCDay() + 6) % 7) * DAY);
    const meetings = await one<{ n: number; attended: number }>(
      sql`select count(*)::int as n, count(*) filter (where exists (select 1 from meeting_attendees a where a.meeting_id = m.id))::int as attended
            from meetings m where m.agency_id = ${auroraId}
             and m.starts_at >= ${monday.toISOString().slice(0, 10)}::date
             and m.starts_at < ${monday.toISOString().slice(0, 10)}::date + 7`,
    );
    expect(meetings.n).toBeGreaterThanOrEqual(1);
    expect(meetings.attended).toBe(meetings.n);
  });
});
