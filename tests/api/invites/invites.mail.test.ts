import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PendingInvite, PendingInvitesPage } from "#domain/schemas/invites.ts";
import { agencyInvites } from "#server/db/schema.ts";
import type { Mail, Mailer } from "#server/mail/mailer.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

const sent: Mail[] = [];
let failNext = false;
const capturingMailer: Mailer = {
  async send(mail) {
    if (failNext) {
      failNext = false;
      throw new Error("SMTP e caixa de saída fora do ar");
    }
    sent.push(mail);
    return "smtp";
  },
};

let t: TestApp;
let manager: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestApp({ deps: { mailer: capturingMailer } });
  const agencyId = (await createAgency(t.database.owner, { name: "Agência Correio" })).id;
  manager = await signedInAs(t, "gestor@correio.com.br", "agency_manager", agencyId);
});
afterAll(() => t.close());

describe("the invite e-mail", () => {
  it("goes to the invited address in pt-BR with the accept link", async () => {
    const response = await t.request("/api/agency/invites", {
      body: { email: "copy@exemplo.com.br", role: "team_copywriter" },
      cookie: manager.cookie,
    });
    const created = (await response.json()) as PendingInvite;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: "copy@exemplo.com.br",
      subject: "Convite para a agência Agência Correio no Nexo",
    });
    expect(sent[0].text).toContain(`http://localhost:3000/accept-invite/${created.token}`);
    expect(sent[0].text).toContain("Copywriter");
    expect(sent[0].html).toContain(`href="http://localhost:3000/accept-invite/${created.token}"`);
  });

  it("failing to send does not lose the invite: it is created and listed", async () => {
    failNext = true;
    const response = await t.request("/api/agency/invites", {
      body: { email: "sem-correio@exemplo.com.br" },
      cookie: manager.cookie,
    });
    expect(response.status).toBe(201);
    const rows = await t.database.owner
      .select()
      .from(agencyInvites)
      .where(eq(agencyInvites.email, "sem-correio@exemplo.com.br"));
    expect(rows).toHaveLength(1);
    const list = (await (
      await t.request("/api/agency/invites", { cookie: manager.cookie })
    ).json()) as PendingInvitesPage;
    expect(list.invites.map((row) => row.email)).toContain("sem-correio@exemplo.com.br");
  });

  it("is also sent for the first manager of a new agency", async () => {
    const admin = await signedInAs(t, "raiz@nexo.example.com", "super_admin");
    const response = await t.request("/api/admin/agencies", {
      body: { name: "Agência Nova", slug: "agencia-nova", firstManagerEmail: "chefe@nova.com.br" },
      cookie: admin.cookie,
    });
    expect(response.status).toBe(201);
    const { inviteUrl } = (await response.json()) as { inviteUrl: string };
    const mail = sent.find((row) => row.to === "chefe@nova.com.br");
    expect(mail?.subject).toBe("Convite para a agência Agência Nova no Nexo");
    expect(mail?.text).toContain(inviteUrl);
    expect(mail?.text).toContain("Gestor da Agência");
  });
});
