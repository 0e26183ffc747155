import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKGROUND_REQUEST_HEADER } from "#domain/background-request.ts";
import type { ActiveSession } from "#domain/schemas/account-security.ts";
import { AGENCY_SETTINGS_MESSAGES } from "#domain/schemas/agency-settings.ts";
import { sessionActivity } from "#server/db/schema.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { DEMO_PASSWORD } from "#tests/factories/users.ts";
import { createTestApp, sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";
import { signedInAs } from "../agencies/sign-in.ts";
import { fakeClock, signIn } from "../sign-in/sign-in-fixtures.ts";

// The idle timeout is decided in SQL with now(): tests age a session by moving its sign-in and
// its last activity back in the database, and move the app's clock (deps.now, which paces the
// activity writes) by the same amount.
const clock = fakeClock();
let t: TestApp;
let agencyId: string;
let manager: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } });
  agencyId = (await createAgency(t.database.owner, { name: "Agência Ociosa" })).id;
  manager = await signedInAs(t, "gestor@ociosa.example.com", "agency_manager", agencyId);
});
afterAll(() => t.close());

const MINUTE = 60_000;

/** Everything the idle timeout reads of the user's sessions happened `minutes` earlier. */
async function age(userId: string, minutes: number) {
  const by = sql`make_interval(mins => ${minutes})`;
  await t.database.owner.execute(
    sql`update session set created_at = created_at - ${by}, expires_at = expires_at - ${by} where user_id = ${userId}`,
  );
  await t.database.owner.execute(
    sql`update session_activity set last_seen_at = last_seen_at - ${by}
        where session_id in (select id from session where user_id = ${userId})`,
  );
  clock.advance(minutes * MINUTE);
}

const me = (cookie: string, headers?: Record<string, string>) => t.request("/api/me", { cookie, headers });
const setIdleTimeout = (cookie: string, value: unknown) =>
  t.request("/api/agency/settings", { method: "PUT", body: { key: "session_idle_timeout_minutes", value }, cookie });

describe("the idle timeout", () => {
  it("ends a session unused for longer than the default 30 minutes (401), on reads and writes", async () => {
    const user = await signedInAs(t, "parado@ociosa.example.com", "team_designer", agencyId);
    expect((await me(user.cookie)).status).toBe(200);
    await age(user.id, 31);
    expect((await me(user.cookie)).status).toBe(401);
    const write = await t.request("/api/me/sessions/end-others", { method: "POST", cookie: user.cookie });
    expect(write.status).toBe(401);
  });

  it("keeps a session in use alive past 30 minutes since its sign-in", async () => {
    const user = await signedInAs(t, "ativo@ociosa.example.com", "team_designer", agencyId);
    for (let step = 0; step < 4; step++) {
      await age(user.id, 20);
      expect((await me(user.cookie)).status).toBe(200);
    }
    // 111 minutes since the sign-in, 31 since the last request
    await age(user.id, 31);
    expect((await me(user.cookie)).status).toBe(401);
  });

  it("does not count the web's own polling as activity", async () => {
    const user = await signedInAs(t, "aba-aberta@ociosa.example.com", "team_designer", agencyId);
    for (let step = 0; step < 3; step++) {
      await age(user.id, 9);
      expect((await me(user.cookie, { [BACKGROUND_REQUEST_HEADER]: "1" })).status).toBe(200);
    }
    await age(user.id, 4);
    expect((await me(user.cookie, { [BACKGROUND_REQUEST_HEADER]: "1" })).status).toBe(401);
  });

  it("writes the activity at most once a minute per session", async () => {
    const user = await signedInAs(t, "ritmo@ociosa.example.com", "team_designer", agencyId);
    await me(user.cookie);
    const seen = async () => {
      const rows = await t.database.owner
        .select({ at: sessionActivity.lastSeenAt })
        .from(sessionActivity)
        .where(sql`${sessionActivity.sessionId} in (select id from session where user_id = ${user.id})`);
      return rows[0]?.at.getTime();
    };
    const first = await seen();
    expect(first).toBeDefined();
    await me(user.cookie);
    expect(await seen()).toBe(first);
    await age(user.id, 2);
    await me(user.cookie);
    expect(await seen()).toBeGreaterThan((first as number) - 2 * MINUTE);
  });

  it("follows the agency's own timeout, set by its manager in Sistema › Segurança", async () => {
    const user = await signedInAs(t, "longo@ociosa.example.com", "team_designer", agencyId);
    const saved = await setIdleTimeout(manager.cookie, 60);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ session_idle_timeout_minutes: 60 });
    await age(user.id, 45);
    expect((await me(user.cookie)).status).toBe(200);
    await age(user.id, 61);
    expect((await me(user.cookie)).status).toBe(401);

    expect((await setIdleTimeout(manager.cookie, 5)).status).toBe(200);
    const short = await signedInAs(t, "curto@ociosa.example.com", "team_designer", agencyId);
    await age(short.id, 6);
    expect((await me(short.cookie)).status).toBe(401);
    expect((await setIdleTimeout(manager.cookie, 30)).status).toBe(200);
  });

  it("reads back the default of 30 minutes", async () => {
    const other = (await createAgency(t.database.owner, { name: "Agência Padrão" })).id;
    const boss = await signedInAs(t, "gestor@padrao.example.com", "agency_manager", other);
    const settings = await t.request("/api/agency/settings", { cookie: boss.cookie });
    expect(await settings.json()).toMatchObject({ session_idle_timeout_minutes: 30 });
  });

  it.each([4, 1441, 30.5, "30", null])("refuses %s minutes with a pt-BR message", async (value) => {
    const response = await setIdleTimeout(manager.cookie, value);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      AGENCY_SETTINGS_MESSAGES.invalidIdleTimeout,
    );
  });

  it("may be changed only by a role allowed to edit the settings", async () => {
    const member = await signedInAs(t, "membro@ociosa.example.com", "team_designer", agencyId);
    expect((await setIdleTimeout(member.cookie, 1440)).status).toBe(403);
    const settings = await t.request("/api/agency/settings", { cookie: manager.cookie });
    expect(await settings.json()).toMatchObject({ session_idle_timeout_minutes: 30 });
  });

  it("lists sessions with their last activity and leaves out the ones that idled out", async () => {
    const user = await signedInAs(t, "lista@ociosa.example.com", "team_designer", agencyId);
    const other = sessionCookieFrom(await signIn(t, user.email, DEMO_PASSWORD));
    await age(user.id, 10);
    await me(user.cookie);
    const list = async () =>
      ((await (await t.request("/api/me/sessions", { cookie: user.cookie })).json()) as { sessions: ActiveSession[] })
        .sessions;
    const sessions = await list();
    // the factory's sign-up, the test's sign-in and the second one
    expect(sessions).toHaveLength(3);
    const current = sessions.find((s) => s.isCurrent) as ActiveSession;
    expect(Date.parse(current.lastSeenAt) - Date.parse(current.createdAt)).toBeGreaterThan(9 * MINUTE);
    for (const idle of sessions.filter((s) => !s.isCurrent)) expect(idle.lastSeenAt).toBe(idle.createdAt);

    await age(user.id, 25);
    expect((await me(user.cookie)).status).toBe(200);
    expect((await list()).map((s) => s.id)).toEqual([current.id]);
    expect((await me(other)).status).toBe(401);
  });
});
