import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PendingInvitesPage } from "#domain/schemas/invites.ts";
import { agencyInvites, rolePermissions } from "#server/db/schema.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { insertInvite } from "#tests/api/invite-acceptance/invite-fixtures.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let aurora: string;
let boreal: string;
beforeAll(async () => {
  t = await createTestApp();
  aurora = (await createAgency(t.database.owner, { name: "Aurora" })).id;
  boreal = (await createAgency(t.database.owner, { name: "Boreal" })).id;
});
afterAll(() => t.close());

const list = (cookie: string) => t.request("/api/agency/invites", { cookie });
const create = (cookie: string, body: unknown = { email: "alguem@exemplo.com.br" }) =>
  t.request("/api/agency/invites", { body, cookie });
const cancel = (cookie: string, id: string) => t.request(`/api/agency/invites/${id}`, { method: "DELETE", cookie });

describe("invites denied", () => {
  it("answers 401 without a session", async () => {
    expect((await t.request("/api/agency/invites")).status).toBe(401);
    expect((await create("")).status).toBe(401);
  });

  it.each(["team_designer", "project_manager", "agency_client", "user"] as const)(
    "refuses %s (no users permission in the seeded map) with 403 on every route",
    async (role) => {
      const member = await signedInAs(t, `${role}@aurora.com.br`, role, aurora);
      const invite = await insertInvite(t.database.owner, { agencyId: aurora, email: `alvo-${role}@exemplo.com.br` });
      expect((await list(member.cookie)).status).toBe(403);
      expect((await create(member.cookie)).status).toBe(403);
      expect((await cancel(member.cookie, invite.id)).status).toBe(403);
      expect(await t.database.owner.select().from(agencyInvites).where(eq(agencyInvites.id, invite.id))).toHaveLength(
        1,
      );
    },
  );

  it("checks each action on its own: view lists, create invites, delete cancels", async () => {
    const grant = (flags: Partial<typeof rolePermissions.$inferInsert>) =>
      t.database.owner
        .update(rolePermissions)
        .set(flags)
        .where(and(eq(rolePermissions.role, "sales_closer"), eq(rolePermissions.module, "users")));
    const closer = await signedInAs(t, "closer@aurora.com.br", "sales_closer", aurora);
    const invite = await insertInvite(t.database.owner, { agencyId: aurora, email: "gate@exemplo.com.br" });

    await grant({ canView: true });
    expect((await list(closer.cookie)).status).toBe(200);
    expect((await create(closer.cookie, { email: "gate-create@exemplo.com.br" })).status).toBe(403);
    expect((await cancel(closer.cookie, invite.id)).status).toBe(403);

    await grant({ canView: true, canCreate: true });
    expect((await create(closer.cookie, { email: "gate-create@exemplo.com.br", role: "sales_bdr" })).status).toBe(201);
    expect((await cancel(closer.cookie, invite.id)).status).toBe(403);

    await grant({ canView: true, canCreate: true, canDelete: true });
    expect((await cancel(closer.cookie, invite.id)).status).toBe(200);
  });

  it("refuses inviting with a role above the inviter's own", async () => {
    const closer = await signedInAs(t, "closer2@aurora.com.br", "sales_closer", aurora);
    const response = await create(closer.cookie, { email: "chefe@exemplo.com.br", role: "agency_manager" });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      "Você não pode atribuir uma função acima da sua",
    );
  });

  it("keeps agencies apart: Aurora's manager neither sees nor cancels Boreal's invites", async () => {
    const manager = await signedInAs(t, "gestor@aurora.com.br", "agency_manager", aurora);
    const borealInvite = await insertInvite(t.database.owner, { agencyId: boreal, email: "so-boreal@exemplo.com.br" });
    const page = (await (await list(manager.cookie)).json()) as PendingInvitesPage;
    expect(page.invites.map((row) => row.id)).not.toContain(borealInvite.id);
    const response = await cancel(manager.cookie, borealInvite.id);
    expect(response.status).toBe(404);
    expect(
      await t.database.owner.select().from(agencyInvites).where(eq(agencyInvites.id, borealInvite.id)),
    ).toHaveLength(1);
  });

  it("tells a user without an agency that they have none", async () => {
    const loner = await signedInAs(t, "sozinho@exemplo.com.br", "agency_manager", null);
    expect((await list(loner.cookie)).status).toBe(409);
    expect((await create(loner.cookie)).status).toBe(409);
  });
});
