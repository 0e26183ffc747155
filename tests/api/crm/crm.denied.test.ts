import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Board, Contact, ContactsPage, Deal, DealsPage } from "#domain/schemas/crm.ts";
import { auditLogs, leads } from "#server/db/schema.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency, type Member } from "./crm-fixtures.ts";

let t: TestApp;
let aurora: { agencyId: string; manager: Member };
let boreal: { agencyId: string; manager: Member };
let managerDeal: Deal;
let managerContact: Contact;
let closer: Member;
beforeAll(async () => {
  t = await createTestApp();
  aurora = await crmAgency(t, "Aurora");
  boreal = await crmAgency(t, "Boreal");
  managerContact = (
    await api(t, aurora.manager)<Contact>("/api/crm/contacts", "POST", {
      name: "Cliente da Gestora",
      email: "x@gestora.com.br",
    })
  ).body;
  managerDeal = (
    await api(t, aurora.manager)<Deal>("/api/crm/deals", "POST", { title: "Contrato da Gestora", valueCents: 900000 })
  ).body;
  closer = await signedInAs(t, "closer@aurora.com.br", "sales_closer", aurora.agencyId);
});
afterAll(() => t.close());

describe("CRM denied", () => {
  it("answers 401 without a session", async () => {
    expect((await t.request("/api/crm/contacts")).status).toBe(401);
    expect((await t.request("/api/crm/board")).status).toBe(401);
    expect((await t.request("/api/crm/deals", { body: { title: "x" } })).status).toBe(401);
  });

  it.each(["team_designer", "agency_client", "user"] as const)(
    "refuses %s (no CRM permission) with 403",
    async (role) => {
      const member = await signedInAs(t, `${role}@aurora.com.br`, role, aurora.agencyId);
      const call = api(t, member);
      expect((await call("/api/crm/contacts")).status).toBe(403);
      expect((await call("/api/crm/contacts", "POST", { name: "Não" })).status).toBe(403);
      expect((await call("/api/crm/board")).status).toBe(403);
      expect(
        (await call(`/api/crm/deals/${managerDeal.id}/move`, "POST", { stageId: managerDeal.stageId, afterId: null }))
          .status,
      ).toBe(403);
      expect((await call("/api/crm/reports?from=2020-01-01&to=2030-01-01")).status).toBe(403);
    },
  );

  it("answers 404 for another agency's contact and deal, and moves nothing", async () => {
    const call = api(t, boreal.manager);
    expect((await call(`/api/crm/contacts/${managerContact.id}`)).status).toBe(404);
    expect((await call(`/api/crm/deals/${managerDeal.id}`)).status).toBe(404);
    expect((await call(`/api/crm/deals/${managerDeal.id}/timeline`)).status).toBe(404);
    const boardOfBoreal = (await call<Board>("/api/crm/board")).body;
    const move = await call(`/api/crm/deals/${managerDeal.id}/move`, "POST", {
      stageId: boardOfBoreal.pipeline.stages[4].id,
      afterId: null,
    });
    expect(move.status).toBe(404);
    // Aurora's stage id from Boreal: 404 too.
    const ownDeal = (await call<Deal>("/api/crm/deals", "POST", { title: "Boreal" })).body;
    expect(
      (await call(`/api/crm/deals/${ownDeal.id}/move`, "POST", { stageId: managerDeal.stageId, afterId: null })).status,
    ).toBe(404);
    const [row] = await t.database.owner.select().from(leads).where(eq(leads.id, managerDeal.id));
    expect(row.stageId).toBe(managerDeal.stageId);
    expect((await call<ContactsPage>("/api/crm/contacts?q=gestora")).body.contacts).toHaveLength(0);
  });

  it("a closer (scope own) cannot read, search, export, timeline or move a deal it does not own", async () => {
    const call = api(t, closer);
    expect((await call(`/api/crm/deals/${managerDeal.id}`)).status).toBe(404);
    expect((await call(`/api/crm/deals/${managerDeal.id}/timeline`)).status).toBe(404);
    expect(
      (await call(`/api/crm/deals/${managerDeal.id}/move`, "POST", { stageId: managerDeal.stageId, afterId: null }))
        .status,
    ).toBe(404);
    expect((await call(`/api/crm/deals/${managerDeal.id}/outcome`, "POST", { outcome: "won" })).status).toBe(404);
    expect((await call<DealsPage>("/api/crm/deals?q=gestora")).body.deals).toHaveLength(0);
    const board = (await call<Board>("/api/crm/board")).body;
    expect(board.columns.flatMap((c) => c.deals)).toHaveLength(0);
    expect(board.columns.reduce((s, c) => s + c.totalCents, 0)).toBe(0);
    expect((await call("/api/crm/deals/export")).text).not.toContain("Gestora");
    expect((await call(`/api/crm/contacts/${managerContact.id}`)).status).toBe(404);
    expect((await call("/api/crm/contacts/export")).text).not.toContain("Gestora");
    // Its own deal it reaches.
    const mine = await call<Deal>("/api/crm/deals", "POST", { title: "Meu negócio", valueCents: 100 });
    expect(mine.status).toBe(201);
    expect((await call(`/api/crm/deals/${mine.body.id}`)).status).toBe(200);
  });

  it("the scope is editable by the super admin only, validated and audited, and then applies", async () => {
    const change = { role: "sales_closer", module: "crm_pipelines", recordScope: "all" };
    expect((await api(t, aurora.manager)("/api/admin/permissions/scope", "PATCH", change)).status).toBe(403);
    const admin = await signedInAs(t, "root@nexo.com.br", "super_admin");
    const adminCall = api(t, admin);
    expect((await adminCall("/api/admin/permissions/scope", "PATCH", { ...change, recordScope: "some" })).status).toBe(
      400,
    );
    expect((await adminCall("/api/admin/permissions/scope", "PATCH", { ...change, role: "super_admin" })).status).toBe(
      400,
    );
    expect((await adminCall("/api/admin/permissions/scope", "PATCH", change)).status).toBe(200);
    const audit = await t.database.owner
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.resourceId, "sales_closer:crm_pipelines"));
    expect(audit.at(-1)?.details).toMatchObject({ recordScope: { from: "own", to: "all" } });
    expect((await api(t, closer)(`/api/crm/deals/${managerDeal.id}`)).status).toBe(200);
    await adminCall("/api/admin/permissions/scope", "PATCH", { ...change, recordScope: "own" });
    expect((await api(t, closer)(`/api/crm/deals/${managerDeal.id}`)).status).toBe(404);
  });

  it("custom fields are managed by the agency manager, not by salespeople", async () => {
    const body = { entity: "contact", label: "Segmento", fieldType: "select", options: ["Varejo", "Serviços"] };
    expect((await api(t, closer)("/api/crm/custom-fields", "POST", body)).status).toBe(403);
    expect((await api(t, aurora.manager)("/api/crm/custom-fields", "POST", body)).status).toBe(201);
  });
});
