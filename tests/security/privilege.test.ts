import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTION_FLAG, defaultPermissionRows, type PermissionFlags } from "#domain/permissions.ts";
import { ROLES, type Role } from "#domain/roles.ts";
import { queryRows } from "#server/db/client.ts";
import { DASHBOARD_CARDS } from "#server/features/dashboard/dashboard-cards.ts";
import { type AnyRoute, describeAccess } from "#server/http/route.ts";
import { ROUTES } from "#server/routes.ts";
import { createUser } from "#tests/factories/users.ts";
import {
  type Battery,
  createBattery,
  leakedFingerprints,
  type Member,
  ROUTE_WALK_TIMEOUT_MS,
  signIn,
} from "./support/battery.ts";
import { isBearerSecretRoute, pathParams } from "./support/param-fixtures.ts";
import { callRoute, describeCall } from "./support/route-request.ts";
import { routeKey, sampleQuery, sampleRequestBody } from "./support/samples.ts";

const SNAPSHOT_FILE = path.resolve("tests/security/route-access.snapshot.json");
const UPDATE_HINT =
  "A route's access changed: review it as a permission change, then run `UPDATE_ROUTE_ACCESS=1 npx vitest run --project api tests/security/privilege.test.ts` and commit tests/security/route-access.snapshot.json.";

let b: Battery;
let checks = 0;
let permissionRows: Map<string, PermissionFlags>;

beforeAll(async () => {
  b = await createBattery();
  const rows = await queryRows<{ role: string; module: string } & Record<string, boolean>>(
    b.t.database.owner,
    sql`select role, module, can_view as "canView", can_create as "canCreate", can_edit as "canEdit", can_delete as "canDelete" from role_permissions`,
  );
  permissionRows = new Map(rows.map((row) => [`${row.role}:${row.module}`, row as unknown as PermissionFlags]));
});
afterAll(async () => {
  console.log(`[security:privilege] routes covered=${ROUTES.length} role×route checks=${checks}`);
  await b?.close();
});

const memberOf = (role: Role): Member => (role === "super_admin" ? b.superAdmin : b.aurora.members[role]);

/** Authorisation runs before validation: an empty body tells allowed (400…) from refused (403) without writing. */
async function callAs(route: AnyRoute, member: Member | null) {
  checks++;
  return callRoute(b, route, {
    as: member,
    paramsOf: b.aurora,
    body: route.body ? {} : undefined,
    query: sampleQuery(route, b.aurora),
  });
}

const routesOf = (kind: AnyRoute["access"]["kind"]) => ROUTES.filter((route) => route.access.kind === kind);

describe("route access table", () => {
  it("matches the reviewed snapshot exactly", () => {
    const current = Object.fromEntries(ROUTES.map((route) => [routeKey(route), describeAccess(route.access)]));
    if (process.env.UPDATE_ROUTE_ACCESS === "1") {
      writeFileSync(SNAPSHOT_FILE, `${JSON.stringify(current, null, 2)}\n`);
    }
    expect(existsSync(SNAPSHOT_FILE), UPDATE_HINT).toBe(true);
    const committed = JSON.parse(readFileSync(SNAPSHOT_FILE, "utf8"));
    expect(current, UPDATE_HINT).toEqual(committed);
  });
});

describe("every role against every route", () => {
  it(
    "permission routes answer 403 exactly where the seeded role_permissions row denies",
    async () => {
      const mismatches: string[] = [];
      for (const route of routesOf("permission")) {
        if (route.access.kind !== "permission") continue;
        for (const role of ROLES) {
          const flags = permissionRows.get(`${role}:${route.access.module}`);
          const allowed = role === "super_admin" || Boolean(flags?.[ACTION_FLAG[route.access.action]]);
          const answer = await callAs(route, memberOf(role));
          const refused = answer.status === 401 || answer.status === 403;
          if (allowed === refused || (!allowed && answer.status !== 403)) {
            mismatches.push(`${describeCall(route, role, answer)} (role_permissions ${allowed ? "allows" : "denies"})`);
          }
        }
      }
      expect(mismatches).toEqual([]);
    },
    ROUTE_WALK_TIMEOUT_MS,
  );

  it("super admin routes refuse every other role with 403 and let the super admin through", async () => {
    const mismatches: string[] = [];
    for (const route of routesOf("super_admin")) {
      for (const role of ROLES) {
        const answer = await callAs(route, memberOf(role));
        const expectedRefusal = role !== "super_admin";
        if (expectedRefusal ? answer.status !== 403 : [401, 403].includes(answer.status)) {
          mismatches.push(describeCall(route, role, answer));
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("signed-in routes refuse no signed-in role", async () => {
    const mismatches: string[] = [];
    for (const route of routesOf("signed_in")) {
      for (const role of ROLES) {
        const answer = await callAs(route, memberOf(role));
        if ([401, 403].includes(answer.status)) mismatches.push(describeCall(route, role, answer));
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("public routes need no session", async () => {
    const mismatches: string[] = [];
    for (const route of routesOf("public")) {
      const answer = await callAs(route, null);
      if ([401, 403].includes(answer.status)) mismatches.push(describeCall(route, "nobody", answer));
    }
    expect(mismatches).toEqual([]);
  });

  it("every non-public route answers 401 without a session", async () => {
    const mismatches: string[] = [];
    for (const route of ROUTES.filter((r) => r.access.kind !== "public")) {
      const answer = await callAs(route, null);
      if (answer.status !== 401 || !answer.text.includes("Usuário não autenticado")) {
        mismatches.push(describeCall(route, "nobody", answer));
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("a forged or foreign session cookie counts as no session", async () => {
    const route = ROUTES.find((r) => r.access.kind !== "public") as AnyRoute;
    const token = b.superAdmin.cookie.split("=")[1];
    const [name] = b.superAdmin.cookie.split("=");
    for (const cookie of [
      `${name}=${token.split(".")[0]}.AAAA`,
      `${name}=${token.split(".")[0]}`,
      `${name}=%E0%A4%A`,
    ]) {
      const answer = await callRoute(b, route, { as: { ...b.superAdmin, cookie }, paramsOf: b.aurora });
      expect(answer.status, describeCall(route, "forged cookie", answer)).toBe(401);
    }
  });
});

describe("changes take effect on the very next request", () => {
  const permissionRoute = () =>
    ROUTES.find((route) => route.method === "GET" && route.access.kind === "permission" && !route.path.includes(":"));

  it("a revoked permission refuses the next request, and restoring it lets the next one through", async () => {
    const route = permissionRoute();
    expect(route, "no GET permission route to test revocation with").toBeDefined();
    if (route?.access.kind !== "permission") return;
    const { module, action } = route.access;
    const role = ROLES.find(
      (r) => r !== "super_admin" && permissionRows.get(`${r}:${module}`)?.[ACTION_FLAG[action]],
    ) as Role;
    const column = sql.identifier(`can_${action}`);
    const member = memberOf(role);
    expect((await callAs(route, member)).status).toBe(200);
    await b.t.database.owner.execute(
      sql`update role_permissions set ${column} = false where role = ${role} and module = ${module}`,
    );
    try {
      expect((await callAs(route, member)).status).toBe(403);
    } finally {
      await b.t.database.owner.execute(
        sql`update role_permissions set ${column} = true where role = ${role} and module = ${module}`,
      );
    }
    expect((await callAs(route, member)).status).toBe(200);
  });

  it("a changed role applies on the next request", async () => {
    const route = permissionRoute();
    if (route?.access.kind !== "permission") return;
    const { module, action } = route.access;
    const can = (r: Role) => Boolean(permissionRows.get(`${r}:${module}`)?.[ACTION_FLAG[action]]);
    const allowedRole = ROLES.find((r) => r !== "super_admin" && can(r)) as Role;
    const deniedRole = ROLES.find((r) => r !== "super_admin" && !can(r)) as Role;
    const member = memberOf(allowedRole);
    expect((await callAs(route, member)).status).toBe(200);
    await b.t.database.owner.execute(sql`update user_roles set role = ${deniedRole} where user_id = ${member.id}`);
    try {
      expect((await callAs(route, member)).status).toBe(403);
    } finally {
      await b.t.database.owner.execute(sql`update user_roles set role = ${allowedRole} where user_id = ${member.id}`);
    }
    expect((await callAs(route, member)).status).toBe(200);
  });
});

// Issue 13, defect 5: what each dashboard card may reveal, by the module that governs it. A card
// is present exactly for the roles whose seeded permissions view one of its modules; a client
// (record scope "own") counts only its own projects and their tasks.
const DASHBOARD_CARD_MODULES: Record<string, string[]> = {
  customers: ["customers"],
  projects: ["projects"],
  leads: ["leads"],
  billing: ["financeiro_relatorios"],
  revenue: ["financeiro_faturas"],
  sales: ["crm_pipelines"],
  priorityTasks: ["tasks", "projects"],
};

/** Leads of Aurora, all and the member's own: a role whose leads scope is "own" counts only its own. */
async function auroraLeads(ownerId: string) {
  const [row] = await queryRows<{ total: number; own: number; open: number; ownOpen: number }>(
    b.t.database.owner,
    sql`select count(*)::int as total, (count(*) filter (where owner_id = ${ownerId}))::int as own,
               (count(*) filter (where outcome = 'open'))::int as open,
               (count(*) filter (where outcome = 'open' and owner_id = ${ownerId}))::int as "ownOpen"
          from leads where agency_id = ${b.aurora.id} and deleted_at is null`,
  );
  return row;
}

describe("the dashboard, role by role", () => {
  it("the expectations below name every card the dashboard has, with the modules that gate it", () => {
    const cards = Object.fromEntries(DASHBOARD_CARDS.map((card) => [card.key, [...card.modules]]));
    expect(cards).toEqual(DASHBOARD_CARD_MODULES);
  });

  it("a role whose leads are its own counts only its own leads and deals", async () => {
    const route = ROUTES.find((r) => r.method === "GET" && r.path === "/api/dashboard/stats") as AnyRoute;
    const ownLeads = defaultPermissionRows().filter(
      (row) => row.module === "leads" && row.recordScope === "own" && row.canView,
    );
    expect(ownLeads.length).toBeGreaterThan(0);
    for (const { role } of ownLeads) {
      await b.t.database.owner.execute(
        sql`update role_permissions set record_scope = 'own' where role = ${role} and module in ('leads', 'crm_pipelines')`,
      );
      const member = memberOf(role);
      const counts = await auroraLeads(member.id);
      expect(counts.total, "the battery's agency has leads of other owners").toBeGreaterThan(counts.own);
      const body = JSON.parse((await callAs(route, member)).text) as {
        leads?: { total: number };
        sales?: { open: number };
      };
      expect(body.leads?.total, role).toBe(counts.own);
      if (body.sales) expect(body.sales.open, role).toBe(counts.ownOpen);
    }
  });

  it("shows each role only the cards of modules it may view; a client only what is its own", async () => {
    const route = ROUTES.find((r) => r.method === "GET" && r.path === "/api/dashboard/stats") as AnyRoute;
    // The seeded record scopes: the super admin's restore of the battery's backup above writes the
    // rows back without record_scope (reported to the permissions owner), which widens them to "all".
    const seeded = defaultPermissionRows().filter((row) => row.recordScope === "own");
    for (const row of seeded) {
      await b.t.database.owner.execute(
        sql`update role_permissions set record_scope = 'own' where role = ${row.role} and module = ${row.module}`,
      );
    }
    const mismatches: string[] = [];
    for (const role of ROLES.filter((r) => r !== "super_admin")) {
      const answer = await callAs(route, memberOf(role));
      const body = JSON.parse(answer.text) as Record<string, unknown>;
      const shown = Object.keys(DASHBOARD_CARD_MODULES).filter((card) => card in body);
      const expected = Object.keys(DASHBOARD_CARD_MODULES).filter((card) =>
        DASHBOARD_CARD_MODULES[card].some((module) => permissionRows.get(`${role}:${module}`)?.canView),
      );
      if (answer.status !== 200 || shown.join() !== expected.join()) {
        mismatches.push(`${role}: ${answer.status} shows [${shown}] expected [${expected}]`);
      }
      if (role === "agency_client") {
        const { count } = (
          await queryRows<{ count: number }>(
            b.t.database.owner,
            sql`select count(*)::int as count from projects where owner_id = ${memberOf(role).id}`,
          )
        )[0];
        expect(body.projects).toMatchObject({ total: count });
        expect(body.priorityTasks).toEqual([]);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

// Issue 13, defect 6: a role picked at sign-up reaches nothing until an invite binds the user to an agency.
describe("users without an agency, of every role", () => {
  it(
    "reach no module route and no super admin route, and /api/me grants them no permission",
    async () => {
      const mismatches: string[] = [];
      for (const role of ROLES.filter((r) => r !== "super_admin")) {
        const email = `sem-agencia-${role}@exemplo.com.br`;
        const created = await createUser(b.t.deps.auth, b.t.database.owner, { email, role, agencyId: null });
        const loner: Member = { id: created.id, email, role, cookie: await signIn(b.t, email) };
        for (const route of ROUTES.filter((r) => r.access.kind === "permission" || r.access.kind === "super_admin")) {
          const answer = await callAs(route, loner);
          const expected = route.access.kind === "super_admin" ? 403 : 409;
          if (answer.status !== expected) mismatches.push(describeCall(route, `${role} sem agência`, answer));
        }
        const me = JSON.parse((await callAs(ROUTES.find((r) => r.path === "/api/me") as AnyRoute, loner)).text);
        if (me.permissions?.length !== 0) mismatches.push(`${role} sem agência: /api/me lists permissions`);
      }
      expect(mismatches).toEqual([]);
    },
    ROUTE_WALK_TIMEOUT_MS,
  );

  it(
    "get nothing of any agency from the routes every signed-in user may call",
    async () => {
      const mismatches: string[] = [];
      for (const role of ROLES.filter((r) => r !== "super_admin")) {
        const email = `sem-agencia-aberta-${role}@exemplo.com.br`;
        const created = await createUser(b.t.deps.auth, b.t.database.owner, { email, role, agencyId: null });
        const loner: Member = { id: created.id, email, role, cookie: await signIn(b.t, email) };
        mismatches.push(...(await signedInRoutesReveal(loner, `${role} sem agência`)));
      }
      expect(mismatches).toEqual([]);
    },
    ROUTE_WALK_TIMEOUT_MS,
  );
});

/**
 * The routes any signed-in user may call (own account, notifications, search, attachments, a
 * record's timeline, an agency's logo…), called by a user without an agency with a valid body and
 * Aurora's resources in the path: a resource of an agency is refused, and no answer carries a row
 * of either agency. Bearer-secret routes (an invite's or a quote's token) are the key's holder's.
 */
async function signedInRoutesReveal(loner: Member, who: string): Promise<string[]> {
  const problems: string[] = [];
  for (const route of routesOf("signed_in").filter((r) => !isBearerSecretRoute(r.path))) {
    checks++;
    const answer = await callRoute(b, route, {
      as: loner,
      paramsOf: b.aurora,
      body: sampleRequestBody(route, b.aurora),
      query: sampleQuery(route, b.aurora),
    });
    if (pathParams(route.path).length > 0 && ![403, 404, 409].includes(answer.status)) {
      problems.push(`answered an agency's resource: ${describeCall(route, who, answer)}`);
    }
    const leaks = [b.aurora, b.boreal].flatMap((agency) => leakedFingerprints(answer.text, agency));
    if (leaks.length > 0) problems.push(`leaked ${leaks.join(", ")}: ${describeCall(route, who, answer)}`);
  }
  return problems;
}
