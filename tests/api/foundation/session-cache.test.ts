import { sql } from "drizzle-orm";
import { Hono } from "hono";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeGenerationOf } from "#server/db/client.ts";
import { isReadOnlyStatement } from "#server/db/pglite-prepared.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createUser } from "#tests/factories/users.ts";
import { AppError } from "#server/http/errors.ts";
import { defineRoute, SIGNED_IN } from "#server/http/route.ts";
import { registerRoutes } from "#server/http/register-routes.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/test-app.ts";
import { TEST_DB_KIND } from "#tests/support/test-database.ts";

/**
 * A resolved session is reused between requests (session-user.ts): on PGlite while nothing was
 * written, on PostgreSQL by read requests that prove it unchanged in the statements that read
 * their data (or by reading it again). Every change to what it was built from must still apply
 * on the very next request. Each case warms the cache with two granted requests first.
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
  it("trusts no write counter on PostgreSQL, where other processes write too", () => {
    expect(writeGenerationOf(t.database.db) === null).toBe(TEST_DB_KIND === "postgres");
  });

  if (TEST_DB_KIND !== "postgres") {
    console.log(
      "[skip] round trips of a warmed read on PostgreSQL: PGlite reuses sessions by its write counter instead",
    );
  }
  /** The node-postgres round trips (query calls) of one request to the tenant list. */
  async function roundTripsOf(cookie: string): Promise<string[]> {
    const sent: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function recorded(this: pg.Client, ...args: unknown[]) {
      sent.push(String((args[0] as { text?: string }).text));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      expect((await t.request(LIST, { cookie })).status).toBe(200);
    } finally {
      pg.Client.prototype.query = query;
    }
    return sent;
  }

  describe.skipIf(TEST_DB_KIND !== "postgres")("round trips of a warmed read on PostgreSQL", () => {
    it("one: the statement that reads the data proves the session", async () => {
      const manager = await warmedManager();
      const trips = await roundTripsOf(manager.cookie);
      expect(trips).toHaveLength(1);
      expect(trips[0]).toMatch(/from "?profiles"?/);
    });

    it("still one after another user signs in (a new session changes no other)", async () => {
      const other = await createUser(t.deps.auth, t.database.db, {
        email: `outro${n}@cache.com.br`,
        role: "team_designer",
        agencyId,
      });
      const manager = await warmedManager();
      const signIn = await t.request("/api/auth/sign-in/email", {
        body: { email: other.email, password: other.password },
      });
      expect(signIn.status).toBe(200);
      expect(await roundTripsOf(manager.cookie)).toHaveLength(1);
    });

    it("two once a table sessions are built from was written: the proof is refused, the session read again", async () => {
      const manager = await warmedManager();
      await createAgency(t.database.db, { name: `Outra ${n}` });
      expect(await roundTripsOf(manager.cookie)).toHaveLength(3);
      expect(await roundTripsOf(manager.cookie)).toHaveLength(1);
    });
  });

  it("a role raised after refusals lets the next request through", async () => {
    n += 1;
    const designer = await signedInAs(t, `designer${n}@cache.com.br`, "team_designer", agencyId);
    for (let i = 0; i < 2; i++) expect((await t.request(LIST, { cookie: designer.cookie })).status).toBe(403);
    await run(sql`update user_roles set role = 'agency_manager' where user_id = ${designer.id}`);
    expect((await t.request(LIST, { cookie: designer.cookie })).status).toBe(200);
  });

  it("a renamed user is shown with the new name on the next request", async () => {
    const manager = await warmedManager();
    for (let i = 0; i < 2; i++) expect((await t.request("/api/me", { cookie: manager.cookie })).status).toBe(200);
    await run(sql`update profiles set first_name = 'Renomeada' where id = ${manager.id}`);
    const me = (await (await t.request("/api/me", { cookie: manager.cookie })).json()) as {
      user: { firstName: string };
    };
    expect(me.user.firstName).toBe("Renomeada");
  });

  describe("an answer built from the session alone, with no tenant statement to prove it", () => {
    // A route of this test only: what the user's own session says, nothing read under the tenant context.
    const whoAmI = defineRoute({
      method: "GET",
      path: "/api/test/who-am-i",
      access: SIGNED_IN,
      handler: async ({ user }) => ({ firstName: user.firstName }),
    });
    const ask = (cookie: string) => {
      const app = new Hono();
      registerRoutes(app, [whoAmI], t.deps);
      app.onError((error, c) => (error instanceof AppError ? c.json(error.toBody(), error.status) : c.text("", 500)));
      return app.request(`${TEST_ORIGIN}/api/test/who-am-i`, { headers: { cookie } });
    };

    it("shows the user as the database has it now", async () => {
      const manager = await warmedManager();
      for (let i = 0; i < 2; i++) expect((await ask(manager.cookie)).status).toBe(200);
      await run(sql`update profiles set first_name = 'Outro nome' where id = ${manager.id}`);
      expect(await (await ask(manager.cookie)).json()).toEqual({ firstName: "Outro nome" });
    });

    it("answers 401 once the session is deleted", async () => {
      const manager = await warmedManager();
      for (let i = 0; i < 2; i++) expect((await ask(manager.cookie)).status).toBe(200);
      await run(sql`delete from session where user_id = ${manager.id}`);
      expect((await ask(manager.cookie)).status).toBe(401);
    });
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
  // app_enter_tenant_read is VOLATILE because it sets transaction-local settings; it writes no row.
  it("are STABLE or IMMUTABLE, so a SELECT calling them writes nothing", async () => {
    const result = (await t.database.db.execute(sql`
      select p.proname as name from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace and n.nspname = 'public'
       where p.provolatile = 'v'
         and p.prorettype <> 'trigger'::regtype
         and p.proname <> 'app_enter_tenant_read'
         and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
       order by 1`)) as unknown as { rows: { name: string }[] };
    expect(result.rows.map((row) => row.name)).toEqual([]);
  });
});
