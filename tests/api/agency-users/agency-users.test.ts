import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgencyUsersPage, AgencyUsersSummary, RolePermissionSummary } from "#domain/schemas/agency-users.ts";
import { auditLogs, userRoles } from "#server/db/schema.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { insertInvite } from "#tests/api/invite-acceptance/invite-fixtures.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let agencyId: string;
let manager: Awaited<ReturnType<typeof signedInAs>>;
const member: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  agencyId = (await createAgency(t.database.owner, { name: "Agência Aurora" })).id;
  manager = await signedInAs(t, "gestora@aurora.com.br", "agency_manager", agencyId);
  for (const role of ["team_designer", "agency_client", "agency_client", "project_manager"] as const) {
    const email = `${role}-${Object.keys(member).length}@aurora.com.br`;
    member[email] = (await createUser(t.deps.auth, t.database.owner, { email, role, agencyId, firstName: "Ana" })).id;
  }
  await insertInvite(t.database.owner, { agencyId, email: "pendente@exemplo.com.br" });
  await insertInvite(t.database.owner, { agencyId, email: "vencido@exemplo.com.br", expiresInDays: -1 });
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string } };

const changeRole = (userId: string, role: string, cookie = manager.cookie) =>
  t.request(`/api/agency/users/${userId}/role`, { method: "PUT", body: { role }, cookie });
const rolesOf = (userId: string) =>
  t.database.owner.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));

describe("listing the agency's users", () => {
  it("lists members oldest first with name, e-mail, created date and one role each", async () => {
    const response = await t.request("/api/agency/users", { cookie: manager.cookie });
    expect(response.status).toBe(200);
    const page = (await response.json()) as AgencyUsersPage;
    expect(page.users.map((row) => row.email)).toEqual(["gestora@aurora.com.br", ...Object.keys(member)]);
    expect(page.users[1]).toMatchObject({ firstName: "Ana", lastName: "Teste", role: "team_designer" });
    expect(Number.isNaN(Date.parse(page.users[0].createdAt))).toBe(false);
    expect(page.nextCursor).toBeNull();
  });

  it("reads a role of an earlier release as today's, and an unknown one as the default (as normalizeRole)", async () => {
    const [designer, client] = Object.values(member);
    const setRole = (userId: string, role: string) =>
      t.database.owner.update(userRoles).set({ role }).where(eq(userRoles.userId, userId));
    await setRole(designer, "admin");
    await setRole(client, "não existe");
    try {
      const page = (await (await t.request("/api/agency/users", { cookie: manager.cookie })).json()) as AgencyUsersPage;
      const roleOf = (id: string) => page.users.find((row) => row.id === id)?.role;
      expect([roleOf(designer), roleOf(client)]).toEqual(["agency_manager", "user"]);
    } finally {
      await setRole(designer, "team_designer");
      await setRole(client, "agency_client");
    }
  });

  it("pages by keyset", async () => {
    const first = (await (
      await t.request("/api/agency/users?limit=2", { cookie: manager.cookie })
    ).json()) as AgencyUsersPage;
    const second = (await (
      await t.request(`/api/agency/users?limit=2&cursor=${first.nextCursor}`, { cookie: manager.cookie })
    ).json()) as AgencyUsersPage;
    const third = (await (
      await t.request(`/api/agency/users?limit=2&cursor=${second.nextCursor}`, { cookie: manager.cookie })
    ).json()) as AgencyUsersPage;
    expect([...first.users, ...second.users, ...third.users]).toHaveLength(5);
    expect(new Set([...first.users, ...second.users, ...third.users].map((row) => row.id)).size).toBe(5);
    expect(third.nextCursor).toBeNull();
  });

  it("counts users, managers, clients and pending unexpired invites", async () => {
    const response = await t.request("/api/agency/users/summary", { cookie: manager.cookie });
    expect((await response.json()) as AgencyUsersSummary).toEqual({
      totalUsers: 5,
      managers: 1,
      clients: 2,
      pendingInvites: 1,
    });
  });

  it("gives the read-only permission matrix of every assignable role", async () => {
    const rows = (await (
      await t.request("/api/agency/role-permissions", { cookie: manager.cookie })
    ).json()) as RolePermissionSummary[];
    expect(rows.some((row) => row.role === "super_admin")).toBe(false);
    expect(rows.find((row) => row.role === "agency_manager" && row.module === "users")).toMatchObject({
      canView: true,
      canEdit: true,
    });
    expect(rows.find((row) => row.role === "team_designer" && row.module === "users")?.canView).toBe(false);
  });
});

describe("changing a user's role", () => {
  it("replaces the single role, audits update_role with from/to", async () => {
    const [designer] = Object.entries(member).find(([email]) => email.startsWith("team_designer")) ?? [];
    const userId = member[designer as string];
    const response = await changeRole(userId, "team_copywriter");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ userId, role: "team_copywriter" });
    expect(await rolesOf(userId)).toEqual([{ role: "team_copywriter" }]);
    const audit = await t.database.owner
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "update_role"), eq(auditLogs.resourceId, userId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      userId: manager.id,
      agencyId,
      resourceType: "user_roles",
      details: { from: "team_designer", to: "team_copywriter" },
    });
  });

  it("ends with exactly one role even under parallel changes", async () => {
    const userId = Object.values(member)[1];
    const roles = ["sales_ldr", "sales_bdr", "sales_closer", "team_traffic", "customer_support"];
    const responses = await Promise.all(roles.map((role) => changeRole(userId, role)));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const after = await rolesOf(userId);
    expect(after).toHaveLength(1);
    expect(roles).toContain(after[0].role);
  });

  it("gives a member without a role row (default 'user') their new role", async () => {
    const loose = await createUser(t.deps.auth, t.database.owner, { email: "sem-role@aurora.com.br", agencyId });
    await t.database.owner.delete(userRoles).where(eq(userRoles.userId, loose.id));
    const response = await changeRole(loose.id, "team_automation");
    expect(response.status).toBe(200);
    expect(await rolesOf(loose.id)).toEqual([{ role: "team_automation" }]);
  });

  it("keeps the old role when a step fails mid-way", async () => {
    const userId = Object.values(member)[2];
    const before = await rolesOf(userId);
    // The audit insert (the step after the role write) fails for this one change.
    await t.database.owner.execute(sql`
      create or replace function fail_role_audit() returns trigger language plpgsql as $$
      begin
        if new.action = 'update_role' and new.details->>'to' = 'team_webdesigner' then
          raise exception 'falha simulada';
        end if;
        return new;
      end $$`);
    await t.database.owner.execute(
      sql`create trigger fail_role_audit before insert on audit_logs for each row execute function fail_role_audit()`,
    );
    try {
      const response = await changeRole(userId, "team_webdesigner");
      expect(response.status).toBe(500);
      expect(await rolesOf(userId)).toEqual(before);
    } finally {
      await t.database.owner.execute(sql`drop trigger fail_role_audit on audit_logs`);
    }
  });

  it("refuses the caller's own role", async () => {
    const response = await changeRole(manager.id, "user");
    expect(response.status).toBe(403);
    expect(((await response.json()) as ErrorBody).error.message).toBe("Você não pode alterar a sua própria função");
    expect(await rolesOf(manager.id)).toEqual([{ role: "agency_manager" }]);
  });

  it("refuses super_admin and unknown roles with 400", async () => {
    const userId = Object.values(member)[3];
    for (const role of ["super_admin", "dono", ""]) {
      const response = await changeRole(userId, role);
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.message).toBe("Função inválida");
    }
    expect(await rolesOf(userId)).toEqual([{ role: "project_manager" }]);
  });

  it("lets a manager make another manager (same rank)", async () => {
    const userId = Object.values(member)[3];
    expect((await changeRole(userId, "agency_manager")).status).toBe(200);
    expect((await changeRole(userId, "project_manager")).status).toBe(200);
  });

  it("answers 404 for an id that is not a user of the agency", async () => {
    expect((await changeRole("00000000-0000-4000-8000-000000000000", "user")).status).toBe(404);
    expect((await changeRole("nao-e-uuid", "user")).status).toBe(404);
  });
});

describe("each member's sign-in state on the list", () => {
  it("shows whose e-mail is verified, read for the whole page at once", async () => {
    const otherAgency = (await createAgency(t.database.owner, { name: "Agência Estado" })).id;
    const boss = await signedInAs(t, "chefe@estado.com.br", "agency_manager", otherAgency);
    await createUser(t.deps.auth, t.database.owner, {
      email: "nao-verificado@estado.com.br",
      role: "team_designer",
      agencyId: otherAgency,
      isEmailVerified: false,
    });
    const page = (await (await t.request("/api/agency/users", { cookie: boss.cookie })).json()) as AgencyUsersPage;
    const verified = Object.fromEntries(page.users.map((row) => [row.email, row.isEmailVerified]));
    expect(verified).toEqual({ "chefe@estado.com.br": true, "nao-verificado@estado.com.br": false });
    expect(page.users.map((row) => row.lockedUntil)).toEqual([null, null]);
  });
});
