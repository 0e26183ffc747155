import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agencyInvites, auditLogs, profiles, userRoles } from "#server/db/schema.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";
import { insertInvite, signedInInvitee } from "./invite-fixtures.ts";

let t: TestApp;
let agencyId: string;
beforeAll(async () => {
  t = await createTestApp();
  agencyId = (await createAgency(t.database.owner, { name: "Agência Convite" })).id;
});
afterAll(() => t.close());

type Refusal = { success: boolean; message: string; error: { code: string; message: string } };

async function accept(cookie: string, token: string) {
  return t.request("/api/invites/accept", { body: { token }, cookie });
}

describe("invite acceptance", () => {
  it("shows the invite, then binds the user to the agency with the invite's role", async () => {
    const invitee = await signedInInvitee(t, "nova@exemplo.com.br");
    const invite = await insertInvite(t.database.owner, {
      agencyId,
      email: "Nova@Exemplo.com.br",
      role: "project_manager",
    });

    const summary = await t.request(`/api/invites/by-token/${invite.token}`, { cookie: invitee.cookie });
    expect(summary.status).toBe(200);
    expect(await summary.json()).toMatchObject({
      agencyName: "Agência Convite",
      email: "Nova@Exemplo.com.br",
      role: "project_manager",
      isForCurrentUser: true,
    });

    const response = await accept(invitee.cookie, invite.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: "Convite aceito com sucesso! Bem-vindo à agência!",
      agency_id: agencyId,
      role: "project_manager",
    });
    const me = (await (await t.request("/api/me", { cookie: invitee.cookie })).json()) as {
      user: { agencyId: string; role: string; agencyName: string };
    };
    expect(me.user).toMatchObject({ agencyId, role: "project_manager", agencyName: "Agência Convite" });
    const [row] = await t.database.owner.select().from(agencyInvites).where(eq(agencyInvites.id, invite.id));
    expect(row.acceptedBy).toBe(invitee.id);
    expect(row.acceptedAt).toBeInstanceOf(Date);
    const audit = await t.database.owner
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "accept_invite"), eq(auditLogs.resourceId, invite.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: invitee.id, agencyId, resourceType: "agency_invites" });
  });

  it("takes the role from the invite, not the one picked at sign-up (issue 13, defect 6)", async () => {
    const invite = await insertInvite(t.database.owner, { agencyId, email: "escolheu@exemplo.com.br" });
    const signUp = await t.request("/api/auth/sign-up/email", {
      body: {
        firstName: "Eva",
        lastName: "Escolha",
        email: "escolheu@exemplo.com.br",
        password: "Cadastro@Forte2026",
        role: "agency_manager",
        inviteToken: invite.token,
      },
    });
    expect(signUp.status).toBe(200);
    const cookie = sessionCookieFrom(signUp);
    const before = (await (await t.request("/api/me", { cookie })).json()) as { user: { role: string } };
    expect(before.user.role).toBe("agency_manager");

    expect((await accept(cookie, invite.token)).status).toBe(200);
    const me = (await (await t.request("/api/me", { cookie })).json()) as {
      user: { agencyId: string; role: string };
    };
    expect(me.user).toMatchObject({ agencyId, role: "team_designer" });
  });

  it("refuses an already accepted invite", async () => {
    const invitee = await signedInInvitee(t, "repetida@exemplo.com.br");
    const invite = await insertInvite(t.database.owner, { agencyId, email: invitee.email, acceptedAt: new Date() });
    const response = await accept(invitee.cookie, invite.token);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ success: false, message: "Este convite já foi aceito" });
    const byToken = await t.request(`/api/invites/by-token/${invite.token}`, { cookie: invitee.cookie });
    expect(byToken.status).toBe(409);
  });

  it("refuses an expired invite and leaves the user without an agency", async () => {
    const invitee = await signedInInvitee(t, "atrasada@exemplo.com.br");
    const invite = await insertInvite(t.database.owner, { agencyId, email: invitee.email, expiresInDays: -1 });
    const response = await accept(invitee.cookie, invite.token);
    expect(response.status).toBe(410);
    const body = (await response.json()) as Refusal;
    expect(body).toMatchObject({ success: false, message: "Este convite expirou", error: { code: "gone" } });
    const [profile] = await t.database.owner.select().from(profiles).where(eq(profiles.id, invitee.id));
    expect(profile.agencyId).toBeNull();
    const [row] = await t.database.owner.select().from(agencyInvites).where(eq(agencyInvites.id, invite.id));
    expect(row.acceptedAt).toBeNull();
  });

  it("refuses an unknown or cancelled (deleted) token", async () => {
    const invitee = await signedInInvitee(t, "sem-convite@exemplo.com.br");
    const invite = await insertInvite(t.database.owner, { agencyId, email: invitee.email });
    await t.database.owner.delete(agencyInvites).where(eq(agencyInvites.id, invite.id));
    for (const token of [invite.token, "x".repeat(43)]) {
      const response = await accept(invitee.cookie, token);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ success: false, message: "Convite inválido ou inexistente" });
    }
    const malformed = await t.request("/api/invites/by-token/%3Cscript%3E", { cookie: invitee.cookie });
    expect(malformed.status).toBe(404);
    const empty = await accept(invitee.cookie, "");
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as Refusal).error.message).toBe("Token de convite não encontrado na URL");
  });

  it("lets exactly one of 20 parallel acceptances succeed", async () => {
    const invitee = await signedInInvitee(t, "paralela@exemplo.com.br");
    const invite = await insertInvite(t.database.owner, { agencyId, email: invitee.email, role: "sales_closer" });
    const responses = await Promise.all(Array.from({ length: 20 }, () => accept(invitee.cookie, invite.token)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const roles = await t.database.owner.select().from(userRoles).where(eq(userRoles.userId, invitee.id));
    expect(roles.map((r) => r.role)).toEqual(["sales_closer"]);
    const [profile] = await t.database.owner.select().from(profiles).where(eq(profiles.id, invitee.id));
    expect(profile.agencyId).toBe(agencyId);
    const audit = await t.database.owner
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "accept_invite"), eq(auditLogs.resourceId, invite.id)));
    expect(audit).toHaveLength(1);
  });
});
