import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createUser } from "#tests/factories/users.ts";
import { queryRows } from "#server/db/client.ts";
import { AppError } from "#server/http/errors.ts";
import { defineRoute, SIGNED_IN } from "#server/http/route.ts";
import { registerRoutes } from "#server/http/register-routes.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/test-app.ts";

/**
 * A resolved session is reused between requests (session-user.ts) by read requests, which prove
 * it unchanged in the statement that enters their tenant context (or by reading it again), on
 * both databases. Every change to what it was built from must still apply on the very next
 * request. Each case warms the cache with two granted requests first.
 */
let t: TestApp;
/** Every statement the app sends while `recording` is on (one round trip each). */
const sent: string[] = [];
let recording = false;
let agencyId: string;
let n = 0;
const LIST = "/api/agency/users";

beforeAll(async () => {
  t = await createTestApp({ onQuery: (text) => recording && sent.push(text) });
  agencyId = (await createAgency(t.database.owner, { name: "Cache" })).id;
});
afterAll(() => t.close());

async function warmedManager() {
  n += 1;
  const manager = await signedInAs(t, `gerente${n}@cache.com.br`, "agency_manager", agencyId);
  for (let i = 0; i < 2; i++) expect((await t.request(LIST, { cookie: manager.cookie })).status).toBe(200);
  return manager;
}

const run = (query: ReturnType<typeof sql>) => t.database.owner.execute(query);

describe("session reuse between requests", () => {
  /** The round trips of one request to the tenant list. */
  async function roundTripsOf(cookie: string): Promise<string[]> {
    sent.length = 0;
    recording = true;
    try {
      expect((await t.request(LIST, { cookie })).status).toBe(200);
    } finally {
      recording = false;
    }
    return [...sent];
  }

  describe("round trips of a warmed read", () => {
    it("one: the statement that reads the data proves the session", async () => {
      const manager = await warmedManager();
      const trips = await roundTripsOf(manager.cookie);
      expect(trips).toHaveLength(1);
      expect(trips[0]).toMatch(
        /EXECUTE nexo_enter_tenant_read\(.*'\d+', '[^']+'\);\s*(PREPARE nexo_agency_users_first_fields AS .*;\s*)?EXECUTE nexo_agency_users_first_fields\(/s,
      );
    });

    it("two on a session's first request: the session read, which records its activity too, then the data", async () => {
      n += 1;
      const manager = await signedInAs(t, `gerente${n}@cache.com.br`, "agency_manager", agencyId);
      const trips = await roundTripsOf(manager.cookie);
      expect(trips).toHaveLength(2);
      expect(trips[0]).toMatch(/app_touch_session\(.*app_session_state\(/s);
      expect(trips[1]).not.toMatch(/app_touch_session/);
      const recorded = await queryRows<{ n: number }>(
        t.database.owner,
        sql`select count(*)::int as n from session_activity a join session s on s.id = a.session_id
             where s.user_id = ${manager.id}`,
      );
      expect(recorded).toEqual([{ n: 1 }]);
    });

    it("still one after another user signs in (a new session changes no other)", async () => {
      const other = await createUser(t.deps.auth, t.database.owner, {
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
      await createAgency(t.database.owner, { name: `Outra ${n}` });
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
    const other = (await createAgency(t.database.owner, { name: "Cache inativa" })).id;
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

describe("the schema's own functions", () => {
  // A GET's transaction is read only, so no function may write there; still, a function called
  // from a SELECT should say what it is: STABLE or IMMUTABLE, a trigger function (it runs only
  // under a writing statement), or app_enter_tenant_read and app_enter_tenant_write, VOLATILE
  // because they set transaction-local settings (they write no row). Three write on purpose and are called only by
  // writing statements: app_enqueue_job (a job enqueued in the change's transaction),
  // crm_create_default_pipeline (a new agency's pipeline, from its insert trigger) and
  // app_touch_session (a session's last activity, on the owner connection, outside any request's
  // transaction, at most once a minute, from the session read's statement or alone); app_touch_api_key is its twin for an API key's last use
  // (its own short transaction, at most once a minute).
  it("are STABLE or IMMUTABLE, so a SELECT calling them writes nothing", async () => {
    const result = (await t.database.owner.execute(sql`
      select p.proname as name from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace and n.nspname = 'public'
       where p.provolatile = 'v'
         and p.prorettype <> 'trigger'::regtype
         and p.proname not in ('app_enter_tenant_read', 'app_enter_tenant_write', 'app_enqueue_job', 'crm_create_default_pipeline',
                               'app_touch_session', 'app_touch_api_key')
         and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
       order by 1`)) as unknown as { rows: { name: string }[] };
    expect(result.rows.map((row) => row.name)).toEqual([]);
  });
});
