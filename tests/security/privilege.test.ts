import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTION_FLAG, type PermissionFlags } from "#domain/permissions.ts";
import { ROLES, type Role } from "#domain/roles.ts";
import { queryRows } from "#server/db/client.ts";
import { type AnyRoute, describeAccess } from "#server/http/route.ts";
import { ROUTES } from "#server/routes.ts";
import { type Battery, createBattery, type Member } from "./support/battery.ts";
import { callRoute, describeCall } from "./support/route-request.ts";
import { routeKey, sampleQuery } from "./support/samples.ts";

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
  it("permission routes answer 403 exactly where the seeded role_permissions row denies", async () => {
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
  });

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
