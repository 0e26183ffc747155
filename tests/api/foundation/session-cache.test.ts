import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeGenerationOf } from "#server/db/client.ts";
import { isReadOnlyStatement } from "#server/db/pglite-prepared.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_DB_KIND } from "#tests/support/test-database.ts";

/**
 * On PGlite the resolved session is reused between requests (session-user.ts); every change
 * to what it was built from must still apply on the very next request. Each case warms the
 * cache with two granted requests first. On PostgreSQL nothing is cached and the same holds.
 */
let t: TestApp;
let agencyId: string;
let n = 0;
const LIST = "/api/agency/users";

beforeAll(async () => {
  t = await createTestApp();
  agencyId = (await createAgency(t.database.db, { name: "Cache" })).id;
});
afterAll(() => t.close());

async function warmedManager() {
  n += 1;
  const manager = await signedInAs(t, `gerente${n}@cache.com.br`, "agency_manager", agencyId);
  for (let i = 0; i < 2; i++) expect((await t.request(LIST, { cookie: manager.cookie })).status).toBe(200);
  return manager;
}

const run = (query: ReturnType<typeof sql>) => t.database.db.execute(query);

describe("session reuse between requests", () => {
  it("is on for PGlite only, where this process is the only writer", () => {
    expect(writeGenerationOf(t.database.db) === null).toBe(TEST_DB_KIND === "postgres");
  });

  it("a changed role refuses the next request", async () => {
    const manager = await warmedManager();
    await run(sql`update user_roles set role = 'team_designer' where user_id = ${manager.id}`);
    expect((await t.request(LIST, { cookie: manager.cookie })).status).toBe(403);
  });

  it("a revoked permission refuses the next request, and restoring it lets the next one through", async () => {
    const manager = await warmedManager();
    await run(sql`update role_permissions set can_view = false where role = 'agency_manager' and module = 'users'`);
    try {
      expect((await t.request(LIST, { cookie: manager.cookie })).status).toBe(403);
    } finally {
      await run(sql`update role_permissions set can_view = true where role = 'agency_manager' and module = 'users'`);
    }
    expect((await t.request(LIST, { cookie: manager.cookie })).status).toBe(200);
  });

  it("a deleted session answers 401 on the next request", async () => {
    const manager = await warmedManager();
    await run(sql`delete from session where user_id = ${manager.id}`);
    expect((await t.request(LIST, { cookie: manager.cookie })).status).toBe(401);
  });

  it("a deleted user answers 401 on the next request", async () => {
    const manager = await warmedManager();
    await run(sql`delete from "user" where id = ${manager.id}`);
    expect((await t.request(LIST, { cookie: manager.cookie })).status).toBe(401);
  });

  it("a session that expires while cached answers 401 once its time is up, with no write in between", async () => {
    const manager = await warmedManager();
    await run(sql`update session set expires_at = now() + interval '1 second' where user_id = ${manager.id}`);
    for (let i = 0; i < 2; i++) expect((await t.request(LIST, { cookie: manager.cookie })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await t.request(LIST, { cookie: manager.cookie })).status).toBe(401);
  });

  it("a deactivated agency refuses the next request", async () => {
    const manager = await warmedManager();
    const other = (await createAgency(t.database.db, { name: "Cache inativa" })).id;
    await run(sql`update profiles set agency_id = ${other} where id = ${manager.id}`);
    await run(sql`update agencies set subscription_status = 'inactive' where id = ${other}`);
    expect((await t.request(LIST, { cookie: manager.cookie })).status).toBe(403);
  });

  it("a role changed while a request is resolving its session applies to the request after", async () => {
    const manager = await warmedManager();
    await run(sql`update session set expires_at = expires_at where user_id = ${manager.id}`); // empties the cache
    const [during] = await Promise.all([
      t.request(LIST, { cookie: manager.cookie }),
      run(sql`update user_roles set role = 'team_designer' where user_id = ${manager.id}`),
    ]);
    expect([200, 403]).toContain(during.status);
    expect((await t.request(LIST, { cookie: manager.cookie })).status).toBe(403);
  });
});

describe("isReadOnlyStatement", () => {
  it("counts only a plain SELECT as read-only", () => {
    expect(isReadOnlyStatement(`select "id" from "profiles" where "agency_id" = $1`)).toBe(true);
    expect(isReadOnlyStatement(`  SELECT can_delete, can_edit from role_permissions`)).toBe(true);
    for (const text of [
      `update "user_roles" set "role" = $1`,
      `insert into session values ($1)`,
      `delete from session`,
      `with x as (delete from session returning id) select * from x`,
      `select * from profiles for update`,
      `select nextval('s')`,
      `truncate audit_logs`,
      `BEGIN`,
    ]) {
      expect(isReadOnlyStatement(text), text).toBe(false);
    }
  });
});

describe("the schema's own functions", () => {
  // isReadOnlyStatement trusts that a SELECT calling one of our functions writes nothing; a
  // VOLATILE function could, so one added later must either be STABLE/IMMUTABLE or make the cache
  // count its callers as writes. Trigger functions run only under a writing statement.
  it("are STABLE or IMMUTABLE, so a SELECT calling them writes nothing", async () => {
    const result = (await t.database.db.execute(sql`
      select p.proname as name from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace and n.nspname = 'public'
       where p.provolatile = 'v'
         and p.prorettype <> 'trigger'::regtype
         and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
       order by 1`)) as unknown as { rows: { name: string }[] };
    expect(result.rows.map((row) => row.name)).toEqual([]);
  });
});
