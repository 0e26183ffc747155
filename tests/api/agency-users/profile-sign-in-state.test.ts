import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgencyUsersPage } from "#domain/schemas/agency-users.ts";
import { queryRows } from "#server/db/client.ts";
import { accountLockouts, profiles, user } from "#server/db/schema.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// profiles.email_verified and profiles.locked_until are copies (migration 0043) of
// "user".email_verified and of the e-mail's account_lockouts row, what the member list shows: they
// must follow every change of their sources.
let t: TestApp;
let agencyId: string;
let manager: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  t = await createTestApp();
  agencyId = (await createAgency(t.database.owner, { name: "Agência Estado Copiado" })).id;
  manager = await signedInAs(t, "gestora@copiado.com.br", "agency_manager", agencyId);
});
afterAll(() => t.close());

const HOUR_MS = 3_600_000;

/** Profiles whose copies differ from their sources (a lock is compared while it holds). */
async function profilesOutOfStep(): Promise<{ id: string }[]> {
  return queryRows(
    t.database.owner,
    sql`select p.id from profiles p
          join "user" u on u.id = p.id
          left join account_lockouts l on l.email = lower(p.email) and l.locked_until > now()
         where p.email_verified is distinct from u.email_verified
            or (case when p.locked_until > now() then p.locked_until end) is distinct from l.locked_until`,
  );
}

const member = (email: string, isEmailVerified = true) =>
  createUser(t.deps.auth, t.database.owner, { email, role: "team_designer", agencyId, isEmailVerified });

/** The member's row as the list answers it. */
async function listed(id: string) {
  const page = (await (await t.request("/api/agency/users", { cookie: manager.cookie })).json()) as AgencyUsersPage;
  return page.users.find((row) => row.id === id);
}

const lock = (email: string, lockedUntil: Date) =>
  t.database.owner
    .insert(accountLockouts)
    .values({ email, lockedUntil })
    .onConflictDoUpdate({ target: accountLockouts.email, set: { lockedUntil } });

describe("the member list's sign-in state (profile copies)", () => {
  it("follows the e-mail's verification, both ways", async () => {
    const created = await member("verifica@copiado.com.br", false);
    expect((await listed(created.id))?.isEmailVerified).toBe(false);
    await t.database.owner.update(user).set({ emailVerified: true }).where(eq(user.id, created.id));
    expect((await listed(created.id))?.isEmailVerified).toBe(true);
    await t.database.owner.update(user).set({ emailVerified: false }).where(eq(user.id, created.id));
    expect((await listed(created.id))?.isEmailVerified).toBe(false);
    expect(await profilesOutOfStep()).toEqual([]);
  });

  it("shows a lock while it holds, moves with it and clears when it is removed", async () => {
    const created = await member("Trava@Copiado.com.br");
    const until = new Date(Date.now() + HOUR_MS);
    await lock("trava@copiado.com.br", until);
    expect((await listed(created.id))?.lockedUntil).toBe(until.toISOString());
    const later = new Date(Date.now() + 2 * HOUR_MS);
    await lock("trava@copiado.com.br", later);
    expect((await listed(created.id))?.lockedUntil).toBe(later.toISOString());
    await t.database.owner.delete(accountLockouts).where(eq(accountLockouts.email, "trava@copiado.com.br"));
    expect((await listed(created.id))?.lockedUntil).toBeNull();
    expect(await profilesOutOfStep()).toEqual([]);
  });

  it("does not show a lock that has ended, and its clean-up leaves the profile alone", async () => {
    const created = await member("vencida@copiado.com.br");
    await lock("vencida@copiado.com.br", new Date(Date.now() - HOUR_MS));
    expect((await listed(created.id))?.lockedUntil).toBeNull();
    const before = await t.database.owner.select().from(profiles).where(eq(profiles.id, created.id));
    await t.database.owner.delete(accountLockouts).where(eq(accountLockouts.email, "vencida@copiado.com.br"));
    expect(await t.database.owner.select().from(profiles).where(eq(profiles.id, created.id))).toEqual(before);
  });

  it("a member who joins with a lock already on the e-mail is born locked", async () => {
    const until = new Date(Date.now() + HOUR_MS);
    await lock("ja-travada@copiado.com.br", until);
    const created = await member("ja-travada@copiado.com.br");
    expect((await listed(created.id))?.lockedUntil).toBe(until.toISOString());
    expect(await profilesOutOfStep()).toEqual([]);
  });

  it("a profile whose e-mail changes takes that e-mail's lock", async () => {
    const created = await member("antes@copiado.com.br");
    await lock("antes@copiado.com.br", new Date(Date.now() + HOUR_MS));
    const until = new Date(Date.now() + 3 * HOUR_MS);
    await lock("depois@copiado.com.br", until);
    await t.database.owner.update(profiles).set({ email: "depois@copiado.com.br" }).where(eq(profiles.id, created.id));
    await t.database.owner.update(user).set({ email: "depois@copiado.com.br" }).where(eq(user.id, created.id));
    expect((await listed(created.id))?.lockedUntil).toBe(until.toISOString());
    expect(await profilesOutOfStep()).toEqual([]);
  });

  it("a write to the copies themselves is replaced by what the sources say", async () => {
    const created = await member("forja@copiado.com.br", false);
    await t.database.owner
      .update(profiles)
      .set({ emailVerified: true, lockedUntil: new Date(Date.now() + HOUR_MS) })
      .where(eq(profiles.id, created.id));
    expect(await listed(created.id)).toMatchObject({ isEmailVerified: false, lockedUntil: null });
    expect(await profilesOutOfStep()).toEqual([]);
  });
});
