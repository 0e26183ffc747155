import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugify } from "#domain/slug.ts";
import {
  AGENCY_MESSAGES,
  type AgencyPage,
  type AgencyRow,
  type CreatedAgency,
  maxUsersBelowSeats,
  missingOnEdit,
} from "#domain/schemas/agencies.ts";
import { BRAZILIAN_FIELD_MESSAGES } from "#domain/schemas/brazilian-fields.ts";
import { agencies, agencyInvites, auditLogs } from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { signedInAs } from "./sign-in.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "raiz@nexo.example.com", "super_admin");
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>) => t.request("/api/admin/agencies", { body, cookie: admin.cookie });
const edit = (id: string, body: Record<string, unknown>) =>
  t.request(`/api/admin/agencies/${id}`, { method: "PUT", body, cookie: admin.cookie });

/** Every field of an edit, as the form sends it: the stored agency's values, with `changes` over them. */
function editBody(agency: typeof agencies.$inferSelect, changes: Record<string, unknown> = {}) {
  return {
    name: agency.name,
    slug: agency.slug,
    domain: agency.domain ?? "",
    contactEmail: agency.contactEmail ?? "",
    contactPhone: agency.contactPhone ?? "",
    subscriptionPlan: agency.subscriptionPlan,
    maxUsers: agency.maxUsers,
    maxClients: agency.maxClients,
    maxProjects: agency.maxProjects,
    subscriptionStatus: agency.subscriptionStatus,
    ...changes,
  };
}
const agencyBySlug = async (slug: string) =>
  (await t.database.owner.select().from(agencies).where(eq(agencies.slug, slug)))[0];
const messageOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;

describe("agencies", () => {
  it("derives the slug of an accented name the way the form does", () => {
    expect(slugify("Agência São João")).toBe("agencia-sao-joao");
  });

  it("creates an agency with defaults, limits falling back when not numbers, and audits it", async () => {
    const response = await create({ name: "Agência São João", slug: slugify("Agência São João"), maxUsers: "abc" });
    expect(response.status).toBe(201);
    const { agency, inviteUrl } = (await response.json()) as CreatedAgency;
    expect(agency).toMatchObject({
      slug: "agencia-sao-joao",
      subscriptionPlan: "basic",
      subscriptionStatus: "active",
      maxUsers: 10,
      maxClients: 50,
      maxProjects: 100,
    });
    expect(inviteUrl).toBeNull();
    const audit = await t.database.owner.select().from(auditLogs).where(eq(auditLogs.resourceId, agency.id));
    expect(audit.map((row) => [row.action, row.resourceType])).toEqual([["create", "agencies"]]);
  });

  it("refuses a missing name or slug and a duplicate slug, writing nothing", async () => {
    const missing = await create({ name: "", slug: "" });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe(
      "Nome e slug são obrigatórios",
    );

    const duplicate = await create({ name: "Outra", slug: "agencia-sao-joao", firstManagerEmail: "x@exemplo.com.br" });
    expect(duplicate.status).toBe(409);
    expect(((await duplicate.json()) as { error: { message: string } }).error.message).toBe(
      "Já existe uma agência com este slug",
    );
    expect(await t.database.owner.select().from(agencies)).toHaveLength(1);
    expect(await t.database.owner.select().from(agencyInvites)).toHaveLength(0);
  });

  it("with a first manager e-mail, creates a 7-day agency_manager invite and returns its link", async () => {
    const response = await create({ name: "Boreal", slug: "boreal", firstManagerEmail: "Gerente@Boreal.com.br" });
    expect(response.status).toBe(201);
    const { agency, inviteUrl } = (await response.json()) as CreatedAgency;
    const [invite] = await t.database.owner.select().from(agencyInvites).where(eq(agencyInvites.agencyId, agency.id));
    expect(invite).toMatchObject({ email: "gerente@boreal.com.br", role: "agency_manager", invitedBy: admin.id });
    expect(invite.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(inviteUrl).toBe(`http://localhost:3000/accept-invite/${invite.token}`);
    const days = (new Date(invite.expiresAt).getTime() - new Date(invite.createdAt).getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 1);
  });

  it("lists newest first and pages by keyset without repeats", async () => {
    for (const name of ["Alfa", "Beta", "Gama"]) await create({ name, slug: slugify(name) });
    const first = (await (
      await t.request("/api/admin/agencies?limit=2", { cookie: admin.cookie })
    ).json()) as AgencyPage;
    expect(first.agencies.map((a) => a.name)).toEqual(["Gama", "Beta"]);
    const second = (await (
      await t.request(`/api/admin/agencies?limit=2&cursor=${first.nextCursor}`, { cookie: admin.cookie })
    ).json()) as AgencyPage;
    expect(second.agencies.map((a) => a.name)).toEqual(["Alfa", "Boreal"]);
    const summary = await (await t.request("/api/admin/summary", { cookie: admin.cookie })).json();
    expect(summary).toEqual({ totalAgencies: 5, totalUsers: 1 });
  });

  it("deactivating an agency locks its users out with 403 agency_inactive; reactivating lets them back", async () => {
    const [agency] = await t.database.owner.select().from(agencies).where(eq(agencies.slug, "boreal"));
    const member = await signedInAs(t, "membro@boreal.com.br", "user", agency.id);
    expect((await t.request("/api/me", { cookie: member.cookie })).status).toBe(200);
    const body = editBody(agency, { subscriptionStatus: "inactive" });

    const off = await edit(agency.id, body);
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ subscriptionStatus: "inactive" });
    const refused = await t.request("/api/audit-logs", { cookie: member.cookie });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("agency_inactive");

    const on = await edit(agency.id, { ...body, subscriptionStatus: "active" });
    expect(on.status).toBe(200);
    const updates = await t.database.owner.select().from(auditLogs).where(eq(auditLogs.resourceId, agency.id));
    expect(updates.filter((row) => row.action === "update")).toHaveLength(2);
  });

  it("editing an unknown agency answers 404 and a taken slug 409", async () => {
    const alfa = await agencyBySlug("alfa");
    const unknown = await edit("00000000-0000-4000-8000-000000000000", editBody(alfa, { name: "X", slug: "x" }));
    expect(unknown.status).toBe(404);
    const taken = await edit(alfa.id, editBody(alfa, { slug: "beta" }));
    expect(taken.status).toBe(409);
  });

  it("refuses a first manager who belongs to another agency or is a super admin, writing nothing", async () => {
    const boreal = await t.database.owner.select().from(agencies).where(eq(agencies.slug, "boreal"));
    await signedInAs(t, "primeiro.gestor@boreal.com.br", "team_designer", boreal[0].id);
    const before = await t.database.owner.select().from(agencies);
    for (const email of ["Primeiro.Gestor@Boreal.com.br", "raiz@nexo.example.com"]) {
      const response = await create({ name: "Zênite", slug: "zenite", firstManagerEmail: email });
      expect(response.status, email).toBe(409);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        AGENCY_MESSAGES.managerIsMember,
      );
    }
    expect(await t.database.owner.select().from(agencies)).toHaveLength(before.length);
  });

  it("refuses lowering the user limit below the members and pending invites, and keeps the limit", async () => {
    const created = (await (
      await create({ name: "Ápice", slug: "apice", maxUsers: 5, firstManagerEmail: "gestor@apice.com.br" })
    ).json()) as CreatedAgency;
    await signedInAs(t, "membro@apice.com.br", "team_designer", created.agency.id);
    const stored = await agencyBySlug("apice");
    const editLimit = (maxUsers: number) => edit(created.agency.id, editBody(stored, { maxUsers }));
    const lowered = await editLimit(1);
    expect(lowered.status).toBe(409);
    expect(((await lowered.json()) as { error: { message: string } }).error.message).toBe(maxUsersBelowSeats(2));
    const [kept] = await t.database.owner.select().from(agencies).where(eq(agencies.id, created.agency.id));
    expect(kept.maxUsers).toBe(5);
    expect((await editLimit(2)).status).toBe(200);
  });

  it("refuses an edit that leaves a field out, naming it, instead of resetting it to the default; changes nothing", async () => {
    const created = (await (
      await create({ name: "Cúspide", slug: "cuspide", subscriptionPlan: "pro", maxUsers: 25, maxClients: 70 })
    ).json()) as CreatedAgency;
    const before = await agencyBySlug("cuspide");

    // What an API client that knows only the name sends: before, plan and limits went back to basic, 10, 50, 100.
    const nameOnly = await edit(created.agency.id, { name: "Cúspide Digital", slug: "cuspide" });
    expect(nameOnly.status).toBe(400);
    expect(await messageOf(nameOnly)).toBe(missingOnEdit("domain"));
    for (const field of ["subscriptionPlan", "maxUsers", "subscriptionStatus", "contactPhone"] as const) {
      const { [field]: _left, ...rest } = editBody(before, { name: "Cúspide Digital" });
      const response = await edit(created.agency.id, rest);
      expect(response.status, field).toBe(400);
      expect(await messageOf(response), field).toBe(missingOnEdit(field));
    }
    const notANumber = await edit(created.agency.id, editBody(before, { maxClients: "" }));
    expect(await messageOf(notANumber)).toBe(AGENCY_MESSAGES.invalidLimit);
    expect(await agencyBySlug("cuspide")).toEqual(before);

    const full = await edit(created.agency.id, editBody(before, { name: "Cúspide Digital", domain: null }));
    expect(full.status).toBe(200);
    expect((await full.json()) as AgencyRow).toMatchObject({
      name: "Cúspide Digital",
      subscriptionPlan: "pro",
      maxUsers: 25,
      maxClients: 70,
      maxProjects: 100,
    });
  });

  it("checks the contact phone on creation and edit (stored as E.164); a phone stored unchecked stays on a deactivation", async () => {
    const invalid = await create({ name: "Ômega", slug: "omega", contactPhone: "ramal 22" });
    expect(invalid.status).toBe(400);
    expect(await messageOf(invalid)).toBe(BRAZILIAN_FIELD_MESSAGES.invalidPhone);
    const created = await create({ name: "Ômega", slug: "omega", contactPhone: "(11) 98765-4321" });
    expect(((await created.json()) as CreatedAgency).agency.contactPhone).toBe("+5511987654321");
    const omega = await agencyBySlug("omega");
    const refused = await edit(omega.id, editBody(omega, { contactPhone: "1234" }));
    expect(await messageOf(refused)).toBe(BRAZILIAN_FIELD_MESSAGES.invalidPhone);
    expect((await edit(omega.id, editBody(omega, { contactPhone: "" }))).status).toBe(200);
    expect((await agencyBySlug("omega")).contactPhone).toBeNull();

    // A phone saved before phones were checked: sent back as it is, it stays and blocks nothing.
    await t.database.owner.update(agencies).set({ contactPhone: "ramal 22" }).where(eq(agencies.id, omega.id));
    const legacy = await agencyBySlug("omega");
    const off = await edit(omega.id, editBody(legacy, { subscriptionStatus: "inactive" }));
    expect(off.status).toBe(200);
    expect(await agencyBySlug("omega")).toMatchObject({ contactPhone: "ramal 22", subscriptionStatus: "inactive" });
    const changed = await edit(omega.id, editBody(legacy, { contactPhone: "ramal 23" }));
    expect(await messageOf(changed)).toBe(BRAZILIAN_FIELD_MESSAGES.invalidPhone);
  });
});
