import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminUsersPage } from "#domain/schemas/admin-users.ts";
import type { AgencyUsersPage } from "#domain/schemas/agency-users.ts";
import { EMAIL_VERIFICATION_MESSAGES } from "#domain/schemas/email-verification.ts";
import { emailOutbox, user } from "#server/db/schema.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";
import { signedInAs } from "../agencies/sign-in.ts";
import { insertInvite, signedInInvitee } from "../invite-acceptance/invite-fixtures.ts";
import { fakeClock } from "../sign-in/sign-in-fixtures.ts";

const PASSWORD = "Nexo@Verifica2026";
const clock = fakeClock();
let t: TestApp;
let agencyId: string;
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } });
  agencyId = (await createAgency(t.database.owner, { name: "Agência Verificada" })).id;
});
afterAll(() => t.close());

function signUp(email: string, inviteToken?: string) {
  return t.request("/api/auth/sign-up/email", {
    body: { firstName: "Nova", lastName: "Pessoa", email, password: PASSWORD, inviteToken },
  });
}

async function linksMailedTo(email: string): Promise<string[]> {
  const mails = await t.database.owner
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(desc(emailOutbox.createdAt));
  return mails
    .map((mail) => /verificar-email\?token=([A-Za-z0-9_-]+)/.exec(mail.body ?? "")?.[1])
    .filter((token): token is string => token !== undefined);
}

const isVerified = async (email: string) =>
  (await t.database.owner.select({ v: user.emailVerified }).from(user).where(eq(user.email, email)))[0]?.v;
const confirm = (token: string) => t.request("/api/email-verification/confirm", { body: { token } });
const messageOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;

describe("e-mail verification", () => {
  it("mails a link at sign-up; the link verifies once and never again", async () => {
    const response = await signUp("nova@exemplo.com.br");
    expect(response.status).toBe(200);
    const cookie = sessionCookieFrom(response);
    expect(await isVerified("nova@exemplo.com.br")).toBe(false);
    const me = (await (await t.request("/api/me", { cookie })).json()) as { user: { isEmailVerified: boolean } };
    expect(me.user.isEmailVerified).toBe(false);

    const [token] = await linksMailedTo("nova@exemplo.com.br");
    expect(token).toBeDefined();
    const first = await confirm(token);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ message: EMAIL_VERIFICATION_MESSAGES.verified });
    expect(await isVerified("nova@exemplo.com.br")).toBe(true);
    const meAfter = (await (await t.request("/api/me", { cookie })).json()) as { user: { isEmailVerified: boolean } };
    expect(meAfter.user.isEmailVerified).toBe(true);

    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(await messageOf(again)).toBe(EMAIL_VERIFICATION_MESSAGES.invalidToken);
  });

  it("refuses an expired or unknown link; a resent link works and an address already verified gets none", async () => {
    const cookie = sessionCookieFrom(await signUp("atrasada@exemplo.com.br"));
    const [old] = await linksMailedTo("atrasada@exemplo.com.br");
    clock.advance(25 * 60 * 60_000);
    expect((await confirm(old)).status).toBe(400);
    expect((await confirm("nao-existe-este-token-aqui")).status).toBe(400);
    expect(await isVerified("atrasada@exemplo.com.br")).toBe(false);

    const resent = await t.request("/api/me/email-verification", { method: "POST", cookie });
    expect(resent.status).toBe(200);
    expect(await resent.json()).toMatchObject({ message: EMAIL_VERIFICATION_MESSAGES.sent });
    const [fresh] = await linksMailedTo("atrasada@exemplo.com.br");
    expect(fresh).not.toBe(old);
    expect((await confirm(fresh)).status).toBe(200);

    const once = await t.request("/api/me/email-verification", { method: "POST", cookie });
    expect(once.status).toBe(409);
    expect(await messageOf(once)).toBe(EMAIL_VERIFICATION_MESSAGES.alreadyVerified);
  });

  it("asks for a session to resend", async () => {
    expect((await t.request("/api/me/email-verification", { method: "POST" })).status).toBe(401);
  });

  it("lets only a verified address accept an invite", async () => {
    const invitee = await signedInInvitee(t, "naoverificada@exemplo.com.br", null, false);
    const invite = await insertInvite(t.database.owner, { agencyId, email: invitee.email });
    const refused = await t.request("/api/invites/accept", { body: { token: invite.token }, cookie: invitee.cookie });
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe(EMAIL_VERIFICATION_MESSAGES.inviteNeedsVerifiedEmail);

    await t.request("/api/me/email-verification", { method: "POST", cookie: invitee.cookie });
    const [token] = await linksMailedTo(invitee.email);
    expect((await confirm(token)).status).toBe(200);
    const accepted = await t.request("/api/invites/accept", { body: { token: invite.token }, cookie: invitee.cookie });
    expect(accepted.status).toBe(200);
  });

  it("verifies an account signed up from its invite's link (no e-mail), and only for the invited address", async () => {
    const invite = await insertInvite(t.database.owner, { agencyId, email: "convidada@exemplo.com.br" });
    const response = await signUp("convidada@exemplo.com.br", invite.token);
    expect(response.status).toBe(200);
    expect(await isVerified("convidada@exemplo.com.br")).toBe(true);
    expect(await linksMailedTo("convidada@exemplo.com.br")).toEqual([]);
    const accepted = await t.request("/api/invites/accept", {
      body: { token: invite.token },
      cookie: sessionCookieFrom(response),
    });
    expect(accepted.status).toBe(200);

    const other = await insertInvite(t.database.owner, { agencyId, email: "outra@exemplo.com.br" });
    expect((await signUp("intrusa@exemplo.com.br", other.token)).status).toBe(200);
    expect(await isVerified("intrusa@exemplo.com.br")).toBe(false);
    expect(await linksMailedTo("intrusa@exemplo.com.br")).toHaveLength(1);
  });

  it("shows managers and the super admin who is not verified", async () => {
    const manager = await signedInAs(t, "gestor@verificada.example.com", "agency_manager", agencyId);
    await signedInInvitee(t, "pendente@exemplo.com.br", agencyId, false);
    const page = (await (await t.request("/api/agency/users", { cookie: manager.cookie })).json()) as AgencyUsersPage;
    const flags = Object.fromEntries(page.users.map((u) => [u.email, u.isEmailVerified]));
    expect(flags["pendente@exemplo.com.br"]).toBe(false);
    expect(flags["gestor@verificada.example.com"]).toBe(true);

    const admin = await signedInAs(t, "admin@plataforma.example.com", "super_admin");
    const all = (await (
      await t.request("/api/admin/users?q=pendente", { cookie: admin.cookie })
    ).json()) as AdminUsersPage;
    expect(all.users.map((u) => [u.email, u.isEmailVerified])).toEqual([["pendente@exemplo.com.br", false]]);
  });
});
