import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminUsersPage } from "#domain/schemas/admin-users.ts";
import type { InvitePreview } from "#domain/schemas/invite-acceptance.ts";
import type { CreatedInviteResult } from "#domain/schemas/invites.ts";
import { accountLockouts, agencyInvites, user } from "#server/db/schema.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { insertInvite } from "#tests/api/invite-acceptance/invite-fixtures.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string } };
const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;

describe("the plan's user limit", () => {
  it("refuses an invite once members and pending invites fill max_users, and frees the seat on cancel", async () => {
    const agency = await createAgency(t.database.owner, { name: "Pequena", maxUsers: 2 });
    const manager = await signedInAs(t, "gestora@pequena.com.br", "agency_manager", agency.id);
    const invite = (email: string) =>
      t.request("/api/agency/invites", { body: { email, role: "team_designer" }, cookie: manager.cookie });

    const first = await invite("um@pequena.com.br");
    expect(first.status).toBe(201);
    // No SMTP_URL in tests: the answer says the e-mail only reached the outbox.
    expect(((await first.json()) as CreatedInviteResult).emailDelivery).toBe("outbox");

    const refused = await invite("dois@pequena.com.br");
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({
      code: "conflict",
      message:
        "A agência atingiu o limite de 2 usuários do plano. Remova um usuário ou cancele um convite pendente antes de convidar outra pessoa.",
    });
    expect(
      await t.database.owner.select().from(agencyInvites).where(eq(agencyInvites.agencyId, agency.id)),
    ).toHaveLength(1);

    const [pending] = await t.database.owner.select().from(agencyInvites).where(eq(agencyInvites.agencyId, agency.id));
    expect(
      (await t.request(`/api/agency/invites/${pending.id}`, { method: "DELETE", cookie: manager.cookie })).status,
    ).toBe(200);
    expect((await invite("dois@pequena.com.br")).status).toBe(201);
  });

  it("lets only one of parallel invites take the last seat", async () => {
    const agency = await createAgency(t.database.owner, { name: "Disputada", maxUsers: 2 });
    const manager = await signedInAs(t, "gestora@disputada.com.br", "agency_manager", agency.id);
    const responses = await Promise.all(
      ["a", "b", "c", "d"].map((name) =>
        t.request("/api/agency/invites", { body: { email: `${name}@disputada.com.br` }, cookie: manager.cookie }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409]);
  });
});

describe("the invite preview of a signed-out visitor", () => {
  it("names the agency, the role and the e-mail, and whether that e-mail has an account", async () => {
    const agency = await createAgency(t.database.owner, { name: "Agência Prévia" });
    const invite = await insertInvite(t.database.owner, {
      agencyId: agency.id,
      email: "nova@previa.com.br",
      role: "sales_closer",
    });
    const response = await t.request(`/api/invites/preview/${invite.token}`);
    expect(response.status).toBe(200);
    const preview = (await response.json()) as InvitePreview;
    expect(preview).toMatchObject({
      agencyName: "Agência Prévia",
      email: "nova@previa.com.br",
      role: "sales_closer",
      hasAccount: false,
    });

    const signUp = await t.request("/api/auth/sign-up/email", {
      body: { email: "nova@previa.com.br", password: "Convidada@Nexo2026", firstName: "Nova", lastName: "Pessoa" },
    });
    expect(signUp.status).toBe(200);
    const after = (await (await t.request(`/api/invites/preview/${invite.token}`)).json()) as InvitePreview;
    expect(after.hasAccount).toBe(true);
  });

  it("answers 404 for an unknown or malformed token, 409 for a used one, 410 for an expired one", async () => {
    const agency = await createAgency(t.database.owner, { name: "Agência Vencida" });
    expect((await t.request(`/api/invites/preview/${"A".repeat(43)}`)).status).toBe(404);
    expect((await t.request("/api/invites/preview/curto")).status).toBe(404);
    const used = await insertInvite(t.database.owner, {
      agencyId: agency.id,
      email: "u@v.com.br",
      acceptedAt: new Date(),
    });
    expect((await t.request(`/api/invites/preview/${used.token}`)).status).toBe(409);
    const expired = await insertInvite(t.database.owner, {
      agencyId: agency.id,
      email: "e@v.com.br",
      expiresInDays: -1,
    });
    expect((await t.request(`/api/invites/preview/${expired.token}`)).status).toBe(410);
  });
});

describe("the super admin's user search", () => {
  it("finds users across agencies by name or e-mail, with agency, role, last sign-in, lock and 2FA", async () => {
    const admin = await signedInAs(t, "raiz@nexo.example.com", "super_admin");
    const aurora = await createAgency(t.database.owner, { name: "Agência Aurora" });
    const boreal = await createAgency(t.database.owner, { name: "Agência Boreal" });
    const closer = await signedInAs(t, "closer@aurora.com.br", "sales_closer", aurora.id);
    await signedInAs(t, "gestor@boreal.com.br", "agency_manager", boreal.id);
    await t.database.owner
      .update(user)
      .set({ firstName: "Zuleica", twoFactorEnabled: true })
      .where(eq(user.id, closer.id));
    await t.database.owner
      .insert(accountLockouts)
      .values({ email: "closer@aurora.com.br", lockedUntil: new Date(Date.now() + 60_000) });

    const search = async (q: string) =>
      (await (
        await t.request(`/api/admin/users?q=${encodeURIComponent(q)}`, { cookie: admin.cookie })
      ).json()) as AdminUsersPage;

    const byName = await search("zuleic");
    expect(byName.users).toHaveLength(1);
    expect(byName.users[0]).toMatchObject({
      email: "closer@aurora.com.br",
      firstName: "Zuleica",
      role: "sales_closer",
      agencyName: "Agência Aurora",
      isLocked: true,
      twoFactorEnabled: true,
    });
    expect(Date.parse(byName.users[0].lastAccessAt ?? "")).toBeGreaterThan(Date.now() - 60_000);

    const byMail = await search("@BOREAL");
    expect(byMail.users.map((row) => [row.email, row.agencyName, row.isLocked])).toEqual([
      ["gestor@boreal.com.br", "Agência Boreal", false],
    ]);
    // A typed % or _ is a character, not a wildcard.
    expect((await search("%")).users).toEqual([]);
    const self = await search("raiz@");
    expect(self.users[0]).toMatchObject({ role: "super_admin", agencyName: null });
  });

  it("pages every user newest first without repeating one", async () => {
    const admin = await signedInAs(t, "paginas@nexo.example.com", "super_admin");
    const agency = await createAgency(t.database.owner, { name: "Agência Muitos" });
    for (let i = 0; i < 30; i++) await signedInAs(t, `membro-${i}@muitos.com.br`, "user", agency.id);
    const seen: string[] = [];
    let cursor = "";
    do {
      const page = (await (
        await t.request(`/api/admin/users?q=muitos${cursor ? `&cursor=${cursor}` : ""}`, { cookie: admin.cookie })
      ).json()) as AdminUsersPage;
      seen.push(...page.users.map((row) => row.email));
      cursor = page.nextCursor ?? "";
    } while (cursor);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect(seen[0]).toBe("membro-29@muitos.com.br");
  });
});

describe("the admin setup", () => {
  it("keeps the name the admin typed", async () => {
    const fresh = await createTestApp();
    try {
      const response = await fresh.request("/api/admin-setup", {
        body: { name: "  Fernanda   de Souza ", email: "fernanda@nexo.com.br", password: "Fundadora@Nexo2026" },
      });
      expect(response.status).toBe(201);
      const [row] = await fresh.database.owner.select().from(user).where(eq(user.email, "fernanda@nexo.com.br"));
      expect(row).toMatchObject({ firstName: "Fernanda", lastName: "de Souza", name: "Fernanda de Souza" });
    } finally {
      await fresh.close();
    }
  });
});
