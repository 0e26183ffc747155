import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgencyUser, AgencyUsersPage } from "#domain/schemas/agency-users.ts";
import { queryRows } from "#server/db/client.ts";
import { accountLockouts, auditLogs, rolePermissions } from "#server/db/schema.ts";
import { withTenant } from "#server/db/tenant.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { signIn, WRONG_PASSWORD } from "#tests/api/sign-in/sign-in-fixtures.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// Issue 13, defect 3: a victim's lockout is recoverable by an unlock by a manager of their agency.
let t: TestApp;
let aurora: string;
let boreal: string;
let manager: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestApp();
  aurora = (await createAgency(t.database.owner, { name: "Aurora" })).id;
  boreal = (await createAgency(t.database.owner, { name: "Boreal" })).id;
  manager = await signedInAs(t, "gestora@aurora.com.br", "agency_manager", aurora);
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string } };

let attackers = 0;

/** A member locked out the way an attacker does it: five wrong passwords (each lock from its own address). */
async function lockedMember(
  email: string,
  agencyId: string,
  role: "team_designer" | "agency_manager" = "team_designer",
) {
  const member = await createUser(t.deps.auth, t.database.owner, { email, role, agencyId });
  const ip = `198.51.100.${++attackers}`;
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await signIn(t, email, WRONG_PASSWORD, ip)).status);
  expect(statuses).toEqual([401, 401, 401, 401, 429]);
  expect((await signIn(t, email, member.password)).status).toBe(429);
  return member;
}

const unlock = (userId: string, cookie: string) =>
  t.request(`/api/agency/users/${userId}/unlock`, { method: "POST", cookie });

async function listed(email: string, cookie = manager.cookie): Promise<AgencyUser | undefined> {
  const page = (await (await t.request("/api/agency/users", { cookie })).json()) as AgencyUsersPage;
  return page.users.find((user) => user.email === email);
}

const lockOf = async (email: string) =>
  (await t.database.owner.select().from(accountLockouts).where(eq(accountLockouts.email, email)))[0];

describe("a manager unlocks a member", () => {
  it("sees the member locked, unlocks them (audited in the agency's log) and the right password works at once", async () => {
    const victim = await lockedMember("vitima@aurora.com.br", aurora);
    const shown = await listed(victim.email);
    expect(Date.parse(shown?.lockedUntil ?? "")).toBeGreaterThan(Date.now());
    expect((await listed(manager.email))?.lockedUntil).toBeNull();

    const answer = await unlock(victim.id, manager.cookie);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { message: string }).message).toBe("Conta desbloqueada com sucesso");
    expect((await listed(victim.email))?.lockedUntil).toBeNull();
    expect((await signIn(t, victim.email, victim.password)).status).toBe(200);

    const [audit] = await t.database.owner
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "account_unlocked"), eq(auditLogs.resourceId, victim.id)));
    expect(audit).toMatchObject({ userId: manager.id, agencyId: aurora, details: { email: victim.email } });
    expect((await unlock(victim.id, manager.cookie)).status).toBe(404); // nothing left to lift
  });

  it("forgets the failures too: one more wrong password does not lock again", async () => {
    const victim = await lockedMember("de-novo@aurora.com.br", aurora);
    expect((await unlock(victim.id, manager.cookie)).status).toBe(200);
    expect((await signIn(t, victim.email, WRONG_PASSWORD)).status).toBe(401);
    expect((await signIn(t, victim.email, victim.password)).status).toBe(200);
  });
});

describe("who may not unlock", () => {
  it("another agency's manager: 404, the lock stays and nothing is audited", async () => {
    const victim = await lockedMember("presa@boreal.com.br", boreal);
    const answer = await unlock(victim.id, manager.cookie);
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as ErrorBody).error.message).toBe("Usuário não encontrado");
    expect(await lockOf(victim.email)).toBeDefined();
    expect(await listed(victim.email)).toBeUndefined();
    const audit = await t.database.owner.select().from(auditLogs).where(eq(auditLogs.resourceId, victim.id));
    expect(audit).toHaveLength(0);
  });

  it("a member without users:edit: 403; another agency's context cannot read the lock either", async () => {
    const victim = await lockedMember("travada@aurora.com.br", aurora);
    const designer = await signedInAs(t, "designer@aurora.com.br", "team_designer", aurora);
    expect((await unlock(victim.id, designer.cookie)).status).toBe(403);
    const borealManager = await signedInAs(t, "gestor@boreal.com.br", "agency_manager", boreal);
    expect((await unlock(victim.id, borealManager.cookie)).status).toBe(404);
    expect(await lockOf(victim.email)).toBeDefined();

    const lockSeenBy = (agencyId: string, userId: string) =>
      withTenant(t.database, { userId, agencyId, isSuperAdmin: false }, async (tx) => {
        const [row] = await queryRows<{ until: Date | string | null }>(
          tx,
          sql`select locked_until as until from profiles where id = ${victim.id}`,
        );
        return row?.until ?? null;
      });
    expect(await lockSeenBy(aurora, manager.id)).not.toBeNull();
    expect(await lockSeenBy(boreal, borealManager.id)).toBeNull();
  });

  it("someone ranked below the locked member, even with users:edit: 403", async () => {
    await t.database.owner
      .update(rolePermissions)
      .set({ canView: true, canEdit: true })
      .where(and(eq(rolePermissions.role, "project_manager"), eq(rolePermissions.module, "users")));
    const pm = await signedInAs(t, "pm@aurora.com.br", "project_manager", aurora);
    const boss = await lockedMember("chefe@aurora.com.br", aurora, "agency_manager");
    const answer = await unlock(boss.id, pm.cookie);
    expect(answer.status).toBe(403);
    expect(await lockOf(boss.email)).toBeDefined();
    const designer = await lockedMember("designer-preso@aurora.com.br", aurora);
    expect((await unlock(designer.id, pm.cookie)).status).toBe(200);
  });

  it("an agency-less manager: 409, and an unknown id: 404", async () => {
    const victim = await lockedMember("outra@aurora.com.br", aurora);
    const loner = await signedInAs(t, "sozinho@exemplo.com.br", "agency_manager", null);
    expect((await unlock(victim.id, loner.cookie)).status).toBe(409);
    expect((await unlock("00000000-0000-4000-8000-000000000000", manager.cookie)).status).toBe(404);
    expect((await unlock("nao-e-uuid", manager.cookie)).status).toBe(404);
    expect(await lockOf(victim.email)).toBeDefined();
  });
});
