import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PendingInvite, PendingInvitesPage } from "#domain/schemas/invites.ts";
import type { AgencyUsersSummary } from "#domain/schemas/agency-users.ts";
import { agencyInvites, auditLogs, emailOutbox } from "#server/db/schema.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { insertInvite, signedInInvitee } from "#tests/api/invite-acceptance/invite-fixtures.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let agencyId: string;
let manager: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestApp();
  agencyId = (await createAgency(t.database.owner, { name: "Agência Aurora" })).id;
  manager = await signedInAs(t, "gestora@aurora.com.br", "agency_manager", agencyId);
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string } };

const invite = (body: unknown) => t.request("/api/agency/invites", { body, cookie: manager.cookie });
const pending = async () =>
  (await (await t.request("/api/agency/invites", { cookie: manager.cookie })).json()) as PendingInvitesPage;
const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;

describe("creating an invite", () => {
  it("creates a 7-day invite with a 256-bit token, audits it and keeps the e-mail with the link in the outbox", async () => {
    const response = await invite({ email: "  Nova.Designer@Exemplo.com.br ", role: "team_designer" });
    expect(response.status).toBe(201);
    const created = (await response.json()) as PendingInvite;
    expect(created).toMatchObject({ email: "nova.designer@exemplo.com.br", role: "team_designer", isExpired: false });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(created.token, "base64url")).toHaveLength(32);
    expect(created.inviteUrl).toBe(`http://localhost:3000/accept-invite/${created.token}`);
    const days = (Date.parse(created.expiresAt) - Date.parse(created.createdAt)) / 86_400_000;
    expect(days).toBe(7);

    const [row] = await t.database.owner.select().from(agencyInvites).where(eq(agencyInvites.id, created.id));
    expect(row).toMatchObject({ agencyId, invitedBy: manager.id, acceptedAt: null });
    const audit = await t.database.owner
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "create_invite"), eq(auditLogs.resourceId, created.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      userId: manager.id,
      agencyId,
      details: { email: created.email, role: "team_designer" },
    });

    const mails = await t.database.owner.select().from(emailOutbox).where(eq(emailOutbox.toAddress, created.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Convite para a agência Agência Aurora no Nexo");
    expect(mails[0].body).toContain(created.inviteUrl);
    expect(mails[0].body).toContain("Designer");
    expect(mails[0].sentAt).toBeNull();
  });

  it("defaults the role to 'user'", async () => {
    const response = await invite({ email: "padrao@exemplo.com.br" });
    expect(response.status).toBe(201);
    expect(((await response.json()) as PendingInvite).role).toBe("user");
  });

  it("gives unique tokens", async () => {
    const tokens = await Promise.all(
      ["a", "b", "c", "d"].map(async (name) => {
        const response = await invite({ email: `token-${name}@exemplo.com.br` });
        return ((await response.json()) as PendingInvite).token;
      }),
    );
    expect(new Set(tokens).size).toBe(4);
  });

  it.each([
    [{}, "Email é obrigatório"],
    [{ email: "   " }, "Email é obrigatório"],
    [{ email: "sem-arroba" }, "Email inválido"],
    [{ email: "ok@exemplo.com.br", role: "super_admin" }, "Função inválida"],
    [{ email: "ok@exemplo.com.br", role: "rei" }, "Função inválida"],
  ])("refuses %j with 400 '%s' and writes nothing", async (body, message) => {
    const before = await t.database.owner.select().from(agencyInvites);
    const response = await invite(body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
    expect(await t.database.owner.select().from(agencyInvites)).toHaveLength(before.length);
  });

  it("refuses a second pending invite for the same e-mail, whatever its case", async () => {
    expect((await invite({ email: "dupla@exemplo.com.br" })).status).toBe(201);
    const again = await invite({ email: "DUPLA@exemplo.com.br", role: "team_copywriter" });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({
      code: "conflict",
      message: "Já existe um convite pendente para este email",
    });
  });

  it("lets exactly one of 10 parallel invites for one e-mail through", async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => invite({ email: "corrida@exemplo.com.br", role: "team_traffic" })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    const rows = await t.database.owner
      .select()
      .from(agencyInvites)
      .where(eq(agencyInvites.email, "corrida@exemplo.com.br"));
    expect(rows).toHaveLength(1);
  });

  it("replaces an expired pending invite for the same e-mail", async () => {
    const expired = await insertInvite(t.database.owner, {
      agencyId,
      email: "vencida@exemplo.com.br",
      expiresInDays: -1,
    });
    const response = await invite({ email: "vencida@exemplo.com.br" });
    expect(response.status).toBe(201);
    const rows = await t.database.owner
      .select()
      .from(agencyInvites)
      .where(eq(agencyInvites.email, "vencida@exemplo.com.br"));
    expect(rows.map((row) => row.id)).not.toContain(expired.id);
    expect(rows).toHaveLength(1);
  });

  it("refuses inviting someone who is already a member of the agency", async () => {
    const response = await invite({ email: "GESTORA@aurora.com.br" });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe("Este email já pertence a um usuário da agência");
  });
});

describe("the pending list and the counters", () => {
  it("lists pending invites newest first, pages by keyset, and counts only unexpired ones", async () => {
    const page = await pending();
    expect(page.invites.length).toBeGreaterThan(3);
    const created = page.invites.map((row) => Date.parse(row.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));

    const first = (await (
      await t.request("/api/agency/invites?limit=2", { cookie: manager.cookie })
    ).json()) as PendingInvitesPage;
    expect(first.invites).toHaveLength(2);
    const next = (await (
      await t.request(`/api/agency/invites?limit=2&cursor=${first.nextCursor}`, { cookie: manager.cookie })
    ).json()) as PendingInvitesPage;
    expect(next.invites.map((row) => row.id)).toEqual(page.invites.slice(2, 4).map((row) => row.id));

    await insertInvite(t.database.owner, { agencyId, email: "expirada-listada@exemplo.com.br", expiresInDays: -2 });
    const withExpired = await pending();
    const expired = withExpired.invites.find((row) => row.email === "expirada-listada@exemplo.com.br");
    expect(expired?.isExpired).toBe(true);
    const summary = (await (
      await t.request("/api/agency/users/summary", { cookie: manager.cookie })
    ).json()) as AgencyUsersSummary;
    expect(summary.pendingInvites).toBe(withExpired.invites.filter((row) => !row.isExpired).length);
    expect(summary.pendingInvites).toBeGreaterThan(0);
  });

  it("drops an invite from the list once it is accepted", async () => {
    const response = await invite({ email: "aceita@exemplo.com.br", role: "team_designer" });
    const created = (await response.json()) as PendingInvite;
    const invitee = await signedInInvitee(t, "aceita@exemplo.com.br");
    const accepted = await t.request("/api/invites/accept", { body: { token: created.token }, cookie: invitee.cookie });
    expect(accepted.status).toBe(200);
    expect((await pending()).invites.map((row) => row.id)).not.toContain(created.id);
  });
});

describe("cancelling an invite", () => {
  it("deletes it and audits cancel_invite", async () => {
    const created = (await (await invite({ email: "cancelada@exemplo.com.br" })).json()) as PendingInvite;
    const response = await t.request(`/api/agency/invites/${created.id}`, { method: "DELETE", cookie: manager.cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "Convite cancelado com sucesso!" });
    expect(await t.database.owner.select().from(agencyInvites).where(eq(agencyInvites.id, created.id))).toHaveLength(0);
    const audit = await t.database.owner
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "cancel_invite"), eq(auditLogs.resourceId, created.id)));
    expect(audit).toHaveLength(1);

    const twice = await t.request(`/api/agency/invites/${created.id}`, { method: "DELETE", cookie: manager.cookie });
    expect(twice.status).toBe(404);
    const garbage = await t.request("/api/agency/invites/nao-e-uuid", { method: "DELETE", cookie: manager.cookie });
    expect(garbage.status).toBe(404);
  });
});
