import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActiveSession } from "#domain/schemas/account-security.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";
import { signIn } from "../sign-in/sign-in-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = "Trocada@Senha2026";

async function twoSessions(email: string, agencyId: string | null = null, role?: "agency_manager") {
  const user = await createUser(t.deps.auth, t.database.owner, { email, agencyId, role });
  // the factory's sign-up opened a session of its own
  await t.database.owner.execute(sql`delete from session where user_id = ${user.id}`);
  const here = sessionCookieFrom(await signIn(t, user.email, user.password, "192.0.2.90"));
  const there = sessionCookieFrom(await signIn(t, user.email, user.password, "192.0.2.91"));
  return { user, here, there };
}

const listOf = async (cookie: string) =>
  ((await (await t.request("/api/me/sessions", { cookie })).json()) as { sessions: ActiveSession[] }).sessions;

describe("the user's sessions", () => {
  it("lists its own sessions with address and device, the current one marked", async () => {
    const { here } = await twoSessions("lista@exemplo.com.br");
    const sessions = await listOf(here);
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.isCurrent)).toHaveLength(1);
    expect(sessions.map((s) => s.ipAddress).sort()).toEqual(["192.0.2.90", "192.0.2.91"]);
    expect(sessions[0].userAgent).toBe("vitest-sign-in");
  });

  it("ends one session, or every other one; another user's session is not found", async () => {
    const { here, there } = await twoSessions("encerra@exemplo.com.br");
    const other = (await listOf(here)).find((s) => !s.isCurrent) as ActiveSession;
    const stranger = await twoSessions("estranho@exemplo.com.br");
    expect((await t.request(`/api/me/sessions/${other.id}`, { method: "DELETE", cookie: stranger.here })).status).toBe(
      404,
    );
    expect((await t.request(`/api/me/sessions/${other.id}`, { method: "DELETE", cookie: here })).status).toBe(200);
    expect((await t.request("/api/me", { cookie: there })).status).toBe(401);

    const third = sessionCookieFrom(await signIn(t, "encerra@exemplo.com.br", "Nexo@Demo2026"));
    const ended = await t.request("/api/me/sessions/end-others", { method: "POST", cookie: here });
    expect(ended.status).toBe(200);
    expect((await t.request("/api/me", { cookie: third })).status).toBe(401);
    expect((await t.request("/api/me", { cookie: here })).status).toBe(200);
  });

  it("changes the password with the current one, ending the other sessions", async () => {
    const { user, here, there } = await twoSessions("troca@exemplo.com.br");
    const wrong = await t.request("/api/me/password", {
      body: { currentPassword: "Errada@Senha2026", newPassword: NEW_PASSWORD },
      cookie: here,
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe("Senha atual incorreta.");
    const weak = await t.request("/api/me/password", {
      body: { currentPassword: user.password, newPassword: "curta" },
      cookie: here,
    });
    expect(weak.status).toBe(400);
    const same = await t.request("/api/me/password", {
      body: { currentPassword: user.password, newPassword: user.password },
      cookie: here,
    });
    expect(same.status).toBe(400);
    expect(((await same.json()) as { error: { message: string } }).error.message).toBe(
      "A nova senha deve ser diferente da atual.",
    );
    const changed = await t.request("/api/me/password", {
      body: { currentPassword: user.password, newPassword: NEW_PASSWORD },
      cookie: here,
    });
    expect(changed.status).toBe(200);
    expect((await t.request("/api/me", { cookie: there })).status).toBe(401);
    expect((await t.request("/api/me", { cookie: here })).status).toBe(200);
    expect((await signIn(t, user.email, user.password)).status).toBe(401);
    expect((await signIn(t, user.email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe("re-authentication for sensitive actions", () => {
  it("a role change from a session older than ten minutes asks the password again", async () => {
    const agency = await createAgency(t.database.owner, { name: "Agência Reautentica" });
    const { user, here } = await twoSessions("gestor@reautentica.com.br", agency.id, "agency_manager");
    const member = await createUser(t.deps.auth, t.database.owner, {
      email: "membro@reautentica.com.br",
      agencyId: agency.id,
      role: "team_designer",
    });
    await t.database.owner.execute(
      sql`update session set created_at = now() - interval '11 minutes' where user_id = ${user.id}`,
    );
    const change = () =>
      t.request(`/api/agency/users/${member.id}/role`, {
        method: "PUT",
        body: { role: "team_copywriter" },
        cookie: here,
      });
    const stale = await change();
    expect(stale.status).toBe(403);
    expect(((await stale.json()) as { error: { code: string } }).error.code).toBe("reauthentication_required");
    const wrong = await t.request("/api/me/reauthenticate", { body: { password: "Errada@Senha2026" }, cookie: here });
    expect(wrong.status).toBe(400);
    const confirmed = await t.request("/api/me/reauthenticate", { body: { password: user.password }, cookie: here });
    expect(confirmed.status).toBe(200);
    expect((await change()).status).toBe(200);
  });
});
