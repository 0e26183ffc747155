import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agencyInvites, profiles, userRoles } from "#server/db/schema.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { insertInvite, signedInInvitee } from "./invite-fixtures.ts";

let t: TestApp;
let agencyId: string;
let otherAgencyId: string;
beforeAll(async () => {
  t = await createTestApp();
  agencyId = (await createAgency(t.database.owner, { name: "Agência Convidante" })).id;
  otherAgencyId = (await createAgency(t.database.owner, { name: "Outra Agência" })).id;
});
afterAll(() => t.close());

async function expectUntouched(inviteId: string, userId: string, agency: string | null, role: string) {
  const [invite] = await t.database.owner.select().from(agencyInvites).where(eq(agencyInvites.id, inviteId));
  expect(invite.acceptedAt).toBeNull();
  const [profile] = await t.database.owner.select().from(profiles).where(eq(profiles.id, userId));
  expect(profile.agencyId).toBe(agency);
  const [userRole] = await t.database.owner.select().from(userRoles).where(eq(userRoles.userId, userId));
  expect(userRole.role).toBe(role);
}

describe("who may not accept an invite", () => {
  it("answers 401 without a session, on both routes", async () => {
    const invite = await insertInvite(t.database.owner, { agencyId, email: "anon@exemplo.com.br" });
    expect((await t.request("/api/invites/accept", { body: { token: invite.token } })).status).toBe(401);
    expect((await t.request(`/api/invites/by-token/${invite.token}`)).status).toBe(401);
  });

  it("refuses an invite addressed to another e-mail", async () => {
    const intruder = await signedInInvitee(t, "intrusa@exemplo.com.br");
    const invite = await insertInvite(t.database.owner, {
      agencyId,
      email: "convidada@exemplo.com.br",
      role: "agency_manager",
    });
    const summary = await t.request(`/api/invites/by-token/${invite.token}`, { cookie: intruder.cookie });
    expect(((await summary.json()) as { isForCurrentUser: boolean }).isForCurrentUser).toBe(false);
    const response = await t.request("/api/invites/accept", { body: { token: invite.token }, cookie: intruder.cookie });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toMatch(/enviado para outro e-mail/);
    await expectUntouched(invite.id, intruder.id, null, "user");
  });

  it("refuses a member of another agency", async () => {
    const member = await signedInInvitee(t, "membro@exemplo.com.br", otherAgencyId);
    const invite = await insertInvite(t.database.owner, { agencyId, email: member.email });
    const response = await t.request("/api/invites/accept", { body: { token: invite.token }, cookie: member.cookie });
    expect(response.status).toBe(409);
    await expectUntouched(invite.id, member.id, otherAgencyId, "user");
  });

  it("never grants super_admin, even from a forged invite row", async () => {
    const invitee = await signedInInvitee(t, "forjada@exemplo.com.br");
    const invite = await insertInvite(t.database.owner, { agencyId, email: invitee.email, role: "super_admin" });
    const response = await t.request("/api/invites/accept", { body: { token: invite.token }, cookie: invitee.cookie });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { role: string }).role).toBe("user");
    const [userRole] = await t.database.owner.select().from(userRoles).where(eq(userRoles.userId, invitee.id));
    expect(userRole.role).toBe("user");
  });
});
