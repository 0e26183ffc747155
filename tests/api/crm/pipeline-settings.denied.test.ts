import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PIPELINE_MESSAGES, type Pipeline } from "#domain/schemas/crm.ts";
import { auditLogs } from "#server/db/schema.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency, type Member } from "./crm-fixtures.ts";

let t: TestApp;
let aurora: { agencyId: string; manager: Member };
let boreal: { agencyId: string; manager: Member };
let pipelines: Pipeline[];
beforeAll(async () => {
  t = await createTestApp();
  aurora = await crmAgency(t, "Aurora");
  boreal = await crmAgency(t, "Boreal");
  // Two pipelines, so that deleting one would be allowed to whoever may.
  await api(t, aurora.manager)("/api/crm/pipelines", "POST", { name: "Segundo" });
  pipelines = await listed();
});
afterAll(() => t.close());

const listed = async () =>
  (await api(t, aurora.manager)<{ pipelines: Pipeline[] }>("/api/crm/pipelines")).body.pipelines;
const auroraAudits = async () =>
  (
    await t.database.owner
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(
        and(eq(auditLogs.agencyId, aurora.agencyId), inArray(auditLogs.resourceType, ["pipeline", "pipeline_stage"])),
      )
  ).length;

const stage = { name: "Nova", color: "blue", winProbability: 40 };
/** Every management call, on Aurora's second pipeline and its first stage. */
const writes = () => {
  const [, second] = pipelines;
  const stageId = second.stages[0].id;
  return [
    { what: "criar funil", path: "/api/crm/pipelines", method: "POST", body: { name: "Invasor" }, action: "create" },
    { what: "renomear", path: `/api/crm/pipelines/${second.id}`, method: "PATCH", body: { name: "X" }, action: "edit" },
    { what: "excluir funil", path: `/api/crm/pipelines/${second.id}`, method: "DELETE", action: "delete" },
    { what: "nova etapa", path: `/api/crm/pipelines/${second.id}/stages`, method: "POST", body: stage, action: "edit" },
    {
      what: "reordenar",
      path: `/api/crm/pipelines/${second.id}/stages/order`,
      method: "PUT",
      body: { ids: second.stages.map((s) => s.id).reverse() },
      action: "edit",
    },
    { what: "editar etapa", path: `/api/crm/stages/${stageId}`, method: "PATCH", body: stage, action: "edit" },
    { what: "excluir etapa", path: `/api/crm/stages/${stageId}`, method: "DELETE", action: "delete" },
  ] as const;
};

async function expectUnchanged(auditsBefore: number) {
  expect(await listed()).toEqual(pipelines);
  expect(await auroraAudits()).toBe(auditsBefore);
}

describe("managing pipelines, denied", () => {
  it("answers 401 without a session", async () => {
    const audits = await auroraAudits();
    for (const w of writes()) {
      const answer = await t.request(w.path, { method: w.method, body: "body" in w ? w.body : undefined });
      expect(answer.status, w.what).toBe(401);
    }
    expect((await t.request("/api/crm/pipeline-settings")).status).toBe(401);
    await expectUnchanged(audits);
  });

  it.each(["team_designer", "agency_client", "customer_support"] as const)(
    "refuses %s (no crm_pipelines permission) with 403",
    async (role) => {
      const audits = await auroraAudits();
      const call = api(t, await signedInAs(t, `${role}@aurora.com.br`, role, aurora.agencyId));
      for (const w of writes())
        expect((await call(w.path, w.method, "body" in w ? w.body : undefined)).status, w.what).toBe(403);
      expect((await call("/api/crm/pipeline-settings")).status).toBe(403);
      await expectUnchanged(audits);
    },
  );

  it.each(["sales_closer", "sales_bdr", "sales_ldr"] as const)(
    "refuses %s, who moves only its own deals, with 403 and says why",
    async (role) => {
      const audits = await auroraAudits();
      const call = api(t, await signedInAs(t, `${role}@aurora.com.br`, role, aurora.agencyId));
      for (const w of writes()) {
        const answer = await call(w.path, w.method, "body" in w ? w.body : undefined);
        expect(answer.status, w.what).toBe(403);
        // It holds crm_pipelines create and edit (to work its deals), not the agency-wide scope.
        if (w.action !== "delete") expect(answer.text, w.what).toContain(PIPELINE_MESSAGES.needsAllDeals);
      }
      expect((await call("/api/crm/pipeline-settings")).body).toEqual({ create: false, edit: false, delete: false });
      await expectUnchanged(audits);
    },
  );

  it("lets the project manager (crm_pipelines without delete) shape stages but not delete them", async () => {
    const call = api(t, await signedInAs(t, "project_manager@aurora.com.br", "project_manager", aurora.agencyId));
    expect((await call("/api/crm/pipeline-settings")).body).toEqual({ create: true, edit: true, delete: false });
    const audits = await auroraAudits();
    for (const w of writes().filter((w) => w.action === "delete"))
      expect((await call(w.path, w.method)).status, w.what).toBe(403);
    await expectUnchanged(audits);
    const [, second] = pipelines;
    const renamed = await call<Pipeline>(`/api/crm/pipelines/${second.id}`, "PATCH", {
      name: "Pelo gestor de projetos",
    });
    expect(renamed.status).toBe(200);
    await call(`/api/crm/pipelines/${second.id}`, "PATCH", { name: second.name });
  });

  it("answers 404 to another agency's manager for every id of Aurora, and changes nothing", async () => {
    const audits = await auroraAudits();
    const call = api(t, boreal.manager);
    for (const w of writes().filter((w) => w.path !== "/api/crm/pipelines")) {
      const answer = await call(w.path, w.method, "body" in w ? w.body : undefined);
      expect(answer.status, w.what).toBe(404);
      expect(answer.text, w.what).not.toContain(pipelines[1].name);
    }
    // Boreal creating a pipeline adds it to Boreal only.
    expect((await call("/api/crm/pipelines", "POST", { name: "De Boreal" })).status).toBe(201);
    expect((await call<{ pipelines: Pipeline[] }>("/api/crm/pipelines")).body.pipelines.map((p) => p.name)).toContain(
      "De Boreal",
    );
    await expectUnchanged(audits);
  });

  it("refuses an agency id forged in the body: the schema has no such field, the pipeline is the caller's", async () => {
    const call = api(t, boreal.manager);
    const created = await call<Pipeline>("/api/crm/pipelines", "POST", { name: "Forjado", agencyId: aurora.agencyId });
    expect(created.status).toBe(201);
    expect((await listed()).some((p) => p.id === created.body.id)).toBe(false);
  });
});
