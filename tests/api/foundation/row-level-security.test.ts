import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#server/db/client.ts";
import { withTenant } from "#server/db/tenant.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * The tables this file seeds for both agencies; the security battery (tests/security/tenant-isolation)
 * walks every one of TENANT_TABLES with its own seed.
 */
const SEEDED_TABLES = [
  "profiles",
  "agency_invites",
  "agency_settings",
  "audit_logs",
  "customers",
  "projects",
  "leads",
  "tasks",
  "companies",
  "timeline_events",
  "notifications",
] as const;

let t: TestApp;
let agencyA: string;
let agencyB: string;
let userA: string;
let userB: string;

/** One row per tenant table for an agency, inserted as the owner (outside RLS). */
async function seedTenantRows(agencyId: string, userId: string, tag: string) {
  const db = t.database.owner;
  await db.execute(
    sql`insert into customers (agency_id, name, status) values (${agencyId}, ${`cliente ${tag}`}, 'ativo')`,
  );
  await db.execute(
    sql`insert into projects (agency_id, name, status, budget_cents) values (${agencyId}, ${`projeto ${tag}`}, 'em_andamento', 100000)`,
  );
  await db.execute(sql`insert into leads (agency_id, name, score) values (${agencyId}, ${`lead ${tag}`}, 70)`);
  await db.execute(sql`insert into tasks (agency_id, title) values (${agencyId}, ${`tarefa ${tag}`})`);
  await db.execute(
    sql`insert into agency_settings (agency_id, setting_key, setting_value) values (${agencyId}, 'language', '"pt-BR"')`,
  );
  await db.execute(
    sql`insert into agency_invites (agency_id, email, token, expires_at) values (${agencyId}, ${`convite-${tag}@x.com`}, ${`token-${tag}`}, now() + interval '7 days')`,
  );
  await db.execute(
    sql`insert into audit_logs (agency_id, user_id, action, resource_type) values (${agencyId}, ${userId}, 'create', ${tag})`,
  );
  await db.execute(sql`insert into companies (agency_id, name) values (${agencyId}, ${`empresa ${tag}`})`);
  await db.execute(
    sql`insert into timeline_events (agency_id, record_type, record_id, kind) values (${agencyId}, 'company', gen_random_uuid(), 'created')`,
  );
  await db.execute(
    sql`insert into notifications (agency_id, user_id, kind, title) values (${agencyId}, ${userId}, 'test', ${`aviso ${tag}`})`,
  );
  await seedDeliveryRows(agencyId, userId);
}

/** Delivery's tables (migration 0014), hung on the agency's project and task. */
async function seedDeliveryRows(agencyId: string, userId: string) {
  const db = t.database.owner;
  const project = sql`(select id from projects where agency_id = ${agencyId} limit 1)`;
  const task = sql`(select id from tasks where agency_id = ${agencyId} limit 1)`;
  await db.execute(sql`update tasks set project_id = ${project} where agency_id = ${agencyId}`);
  await db.execute(sql`insert into tasks (agency_id, title, project_id) values (${agencyId}, 'depois', ${project})`);
  await db.execute(
    sql`insert into project_members (agency_id, project_id, user_id) values (${agencyId}, ${project}, ${userId})`,
  );
  await db.execute(
    sql`insert into task_assignees (agency_id, task_id, user_id) values (${agencyId}, ${task}, ${userId})`,
  );
  await db.execute(sql`insert into task_dependencies (agency_id, task_id, depends_on_id)
    select ${agencyId}, a.id, b.id from tasks a, tasks b
    where a.agency_id = ${agencyId} and b.agency_id = ${agencyId} and a.title = 'depois' and b.title <> 'depois'`);
  await db.execute(
    sql`insert into task_comments (agency_id, task_id, author_id, body) values (${agencyId}, ${task}, ${userId}, 'ok')`,
  );
  await db.execute(sql`insert into meetings (agency_id, title, starts_at, ends_at, created_by)
    values (${agencyId}, 'reunião', now(), now() + interval '1 hour', ${userId})`);
  await db.execute(sql`insert into meeting_attendees (agency_id, meeting_id, user_id)
    values (${agencyId}, (select id from meetings where agency_id = ${agencyId} limit 1), ${userId})`);
  await db.execute(sql`insert into time_entries (agency_id, user_id, project_id, started_at, ended_at)
    values (${agencyId}, ${userId}, ${project}, now() - interval '1 hour', now())`);
  await db.execute(
    sql`insert into user_hourly_rates (agency_id, user_id, rate_cents) values (${agencyId}, ${userId}, 15000)`,
  );
  await db.execute(sql`insert into project_templates (agency_id, name) values (${agencyId}, 'modelo')`);
  await db.execute(
    sql`insert into calendar_feeds (agency_id, user_id, token_hash) values (${agencyId}, ${userId}, ${`hash-${agencyId}`})`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  agencyA = (await createAgency(t.database.owner, { name: "Agência A" })).id;
  agencyB = (await createAgency(t.database.owner, { name: "Agência B" })).id;
  const a = await createUser(t.deps.auth, t.database.owner, {
    email: "a@a.com",
    agencyId: agencyA,
    role: "agency_manager",
  });
  userA = a.id;
  userB = (
    await createUser(t.deps.auth, t.database.owner, { email: "b@b.com", agencyId: agencyB, role: "agency_manager" })
  ).id;
  await seedTenantRows(agencyA, a.id, "A");
  await seedTenantRows(agencyB, userB, "B");
});
afterAll(() => t.close());

const asAgencyA = <T>(fn: Parameters<typeof withTenant<T>>[2]) =>
  withTenant(t.database, { userId: userA, agencyId: agencyA, isSuperAdmin: false }, fn);

describe("row-level security in agency A's context", () => {
  it.each(SEEDED_TABLES)("%s shows no row of agency B", async (table) => {
    const rows = await asAgencyA((tx) =>
      queryRows<{ agency_id: string }>(tx, sql`select agency_id from ${sql.identifier(table)}`),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.agency_id === agencyA)).toBe(true);
  });

  it.each(SEEDED_TABLES)("%s refuses to move or write rows into agency B", async (table) => {
    const updated = await asAgencyA((tx) =>
      queryRows(
        tx,
        sql`update ${sql.identifier(table)} set agency_id = agency_id where agency_id = ${agencyB} returning 1`,
      ),
    );
    expect(updated).toHaveLength(0);
    const deleted = await asAgencyA((tx) =>
      queryRows(tx, sql`delete from ${sql.identifier(table)} where agency_id = ${agencyB} returning 1`),
    );
    expect(deleted).toHaveLength(0);
    await expect(
      asAgencyA((tx) =>
        tx.execute(sql`update ${sql.identifier(table)} set agency_id = ${agencyB} where agency_id = ${agencyA}`),
      ),
    ).rejects.toThrow();
  });

  it("refuses an insert carrying agency B's id", async () => {
    await expect(
      asAgencyA((tx) => tx.execute(sql`insert into customers (agency_id, name) values (${agencyB}, 'intruso')`)),
    ).rejects.toThrow();
    const [count] = await queryRows<{ n: number }>(
      t.database.owner,
      sql`select count(*)::int as n from customers where name = 'intruso'`,
    );
    expect(count.n).toBe(0);
  });

  it("hides agency B itself", async () => {
    const rows = await asAgencyA((tx) => queryRows<{ id: string }>(tx, sql`select id from agencies`));
    expect(rows.map((r) => r.id)).toEqual([agencyA]);
  });

  it("lets a super admin context see every agency's rows", async () => {
    const rows = await withTenant(t.database, { userId: null, agencyId: null, isSuperAdmin: true }, (tx) =>
      queryRows<{ agency_id: string }>(tx, sql`select distinct agency_id from customers`),
    );
    expect(rows.map((r) => r.agency_id).sort()).toEqual([agencyA, agencyB].sort());
  });

  it("shows nothing to a context with no agency", async () => {
    const rows = await withTenant(t.database, { userId: null, agencyId: null, isSuperAdmin: false }, (tx) =>
      queryRows(tx, sql`select 1 from customers`),
    );
    expect(rows).toHaveLength(0);
  });

  it("keeps the tenant context inside the transaction only", async () => {
    await asAgencyA((tx) => tx.execute(sql`select 1`));
    const [row] = await queryRows<{ role: string; agency: string | null }>(
      t.database.owner,
      sql`select current_user as role, nullif(current_setting('app.agency_id', true), '') as agency`,
    );
    expect(row.role).not.toBe("nexo_app");
    expect(row.agency).toBeNull();
  });
});
