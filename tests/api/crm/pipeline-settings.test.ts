import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Board, type Deal, PIPELINE_MESSAGES, type Pipeline } from "#domain/schemas/crm.ts";
import { auditLogs, leads } from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency } from "./crm-fixtures.ts";

let t: TestApp;
let call: ReturnType<typeof api>;
let agencyId: string;
beforeAll(async () => {
  t = await createTestApp();
  const agency = await crmAgency(t, "Funis");
  agencyId = agency.agencyId;
  call = api(t, agency.manager);
});
afterAll(() => t.close());

const DEFAULT_STAGES = [
  { name: "leads", color: "gray", winProbability: 10 },
  { name: "qualificados", color: "blue", winProbability: 25 },
  { name: "proposta", color: "violet", winProbability: 50 },
  { name: "negociacao", color: "orange", winProbability: 75 },
  { name: "fechados", color: "green", winProbability: 100 },
];

const listed = async () => (await call<{ pipelines: Pipeline[] }>("/api/crm/pipelines")).body.pipelines;
const boardOf = async (pipelineId: string) => (await call<Board>(`/api/crm/board?pipelineId=${pipelineId}`)).body;
const newPipeline = async (name: string) => {
  const created = await call<Pipeline>("/api/crm/pipelines", "POST", { name });
  expect(created.status).toBe(201);
  return created.body;
};
const newDeal = async (title: string, stageId: string) => {
  const created = await call<Deal>("/api/crm/deals", "POST", { title, stageId, valueCents: 1000 });
  expect(created.status).toBe(201);
  return created.body;
};
const auditsOf = (resourceId: string) =>
  t.database.owner
    .select({ action: auditLogs.action, resourceType: auditLogs.resourceType, details: auditLogs.details })
    .from(auditLogs)
    .where(and(eq(auditLogs.agencyId, agencyId), eq(auditLogs.resourceId, resourceId)))
    .orderBy(asc(auditLogs.createdAt));
const trashedDeal = async (id: string) => {
  const [row] = await t.database.owner
    .select({ pipelineId: leads.pipelineId, stageId: leads.stageId })
    .from(leads)
    .where(eq(leads.id, id));
  return row;
};
const errorOf = (answer: { body: unknown }) => (answer.body as { error: { message: string } }).error.message;

describe("pipelines", () => {
  it("creates a pipeline last in the list, with the spec's five default stages, audited", async () => {
    const before = await listed();
    expect(before).toHaveLength(1);
    const created = await newPipeline("  Parcerias  ");
    expect(created.name).toBe("Parcerias");
    expect(created.stages.map(({ name, color, winProbability }) => ({ name, color, winProbability }))).toEqual(
      DEFAULT_STAGES,
    );
    expect((await listed()).map((p) => p.name)).toEqual([before[0].name, "Parcerias"]);
    // The board opens on the new pipeline when asked for it, the first one otherwise.
    expect((await boardOf(created.id)).pipeline).toEqual(created);
    expect((await call<Board>("/api/crm/board")).body.pipeline.id).toBe(before[0].id);
    expect(await auditsOf(created.id)).toEqual([
      { action: "create", resourceType: "pipeline", details: { name: "Parcerias" } },
    ]);
  });

  it("renames a pipeline, audited with the old and new names", async () => {
    const created = await newPipeline("Renomear");
    const renamed = await call<Pipeline>(`/api/crm/pipelines/${created.id}`, "PATCH", { name: "Renomeado" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...created, name: "Renomeado" });
    expect((await listed()).find((p) => p.id === created.id)?.name).toBe("Renomeado");
    expect((await auditsOf(created.id)).at(-1)).toEqual({
      action: "update",
      resourceType: "pipeline",
      details: { from: "Renomear", to: "Renomeado" },
    });
  });

  it("refuses to delete a pipeline with live deals (409), then deletes it once they are gone, keeping deleted deals", async () => {
    const created = await newPipeline("Com oportunidades");
    const deal = await newDeal("Negócio vivo", created.stages[2].id);
    const refused = await call(`/api/crm/pipelines/${created.id}`, "DELETE");
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toBe(PIPELINE_MESSAGES.pipelineHasDeals);
    expect((await listed()).some((p) => p.id === created.id)).toBe(true);

    // A deal in the trash does not hold the pipeline back.
    expect((await call(`/api/crm/deals/${deal.id}`, "DELETE")).status).toBe(200);
    const deleted = await call<{ success: boolean; message: string }>(`/api/crm/pipelines/${created.id}`, "DELETE");
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(PIPELINE_MESSAGES.pipelineDeleted);
    expect((await listed()).some((p) => p.id === created.id)).toBe(false);
    expect((await call(`/api/crm/board?pipelineId=${created.id}`)).status).toBe(404);
    // It kept its deleted deal (restorable for 30 days) on the first stage of the first pipeline.
    const first = (await listed())[0];
    expect(await trashedDeal(deal.id)).toEqual({ pipelineId: first.id, stageId: first.stages[0].id });
    expect((await auditsOf(created.id)).at(-1)).toMatchObject({ action: "delete", resourceType: "pipeline" });
  });

  it("never deletes the agency's last pipeline", async () => {
    for (const pipeline of (await listed()).slice(1)) {
      const answer = await call(`/api/crm/pipelines/${pipeline.id}`, "DELETE");
      if (answer.status === 409) {
        for (const column of (await boardOf(pipeline.id)).columns)
          for (const deal of column.deals) await call(`/api/crm/deals/${deal.id}`, "DELETE");
        expect((await call(`/api/crm/pipelines/${pipeline.id}`, "DELETE")).status).toBe(200);
      }
    }
    const [last] = await listed();
    expect(await listed()).toHaveLength(1);
    const refused = await call(`/api/crm/pipelines/${last.id}`, "DELETE");
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toBe(PIPELINE_MESSAGES.lastPipeline);
    expect(await listed()).toEqual([last]);
  });

  it("refuses a blank or too long name with the pt-BR message (400)", async () => {
    const blank = await call("/api/crm/pipelines", "POST", { name: "   " });
    expect(blank.status).toBe(400);
    expect(blank.text).toContain(PIPELINE_MESSAGES.pipelineNameRequired);
    const long = await call("/api/crm/pipelines", "POST", { name: "x".repeat(81) });
    expect(long.status).toBe(400);
    expect(long.text).toContain(PIPELINE_MESSAGES.pipelineNameTooLong);
  });
});

describe("stages", () => {
  it("adds a stage last, edits its name, colour and probability, audited", async () => {
    const pipeline = await newPipeline("Etapas");
    const added = await call<Pipeline>(`/api/crm/pipelines/${pipeline.id}/stages`, "POST", {
      name: "Contrato",
      color: "teal",
      winProbability: 90,
    });
    expect(added.status).toBe(201);
    const stage = added.body.stages.at(-1);
    expect(added.body.stages).toHaveLength(6);
    expect(stage).toMatchObject({ name: "Contrato", color: "teal", winProbability: 90, position: 5 });

    const deal = await newDeal("Na etapa", stage?.id as string);
    const edited = await call<Pipeline>(`/api/crm/stages/${stage?.id}`, "PATCH", {
      name: "Assinatura",
      color: "lime",
      winProbability: 95,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.stages.at(-1)).toMatchObject({
      id: stage?.id,
      name: "Assinatura",
      color: "lime",
      winProbability: 95,
    });
    expect((await boardOf(pipeline.id)).pipeline).toEqual(edited.body);
    // The deal's old stage text (global search, older readers) follows the new name.
    const [row] = await t.database.owner.select({ stage: leads.stage }).from(leads).where(eq(leads.id, deal.id));
    expect(row.stage).toBe("Assinatura");
    expect((await auditsOf(stage?.id as string)).map((a) => [a.action, a.resourceType])).toEqual([
      ["create", "pipeline_stage"],
      ["update", "pipeline_stage"],
    ]);
  });

  it("reorders the stages from the full list, keeps deals in their stages, and numbers positions 0…n-1", async () => {
    const pipeline = await newPipeline("Ordem");
    const deal = await newDeal("Fica", pipeline.stages[1].id);
    const ids = pipeline.stages.map((s) => s.id);
    const wanted = [ids[4], ids[0], ids[2], ids[1], ids[3]];
    const answer = await call<Pipeline>(`/api/crm/pipelines/${pipeline.id}/stages/order`, "PUT", { ids: wanted });
    expect(answer.status).toBe(200);
    expect(answer.body.stages.map((s) => s.id)).toEqual(wanted);
    expect(answer.body.stages.map((s) => s.position)).toEqual([0, 1, 2, 3, 4]);
    const board = await boardOf(pipeline.id);
    expect(board.pipeline.stages.map((s) => s.id)).toEqual(wanted);
    expect(board.columns.find((c) => c.stageId === ids[1])?.deals.map((d) => d.id)).toEqual([deal.id]);

    // After a delete leaves a gap, a second reorder still ends in 0…n-1.
    expect((await call(`/api/crm/stages/${ids[2]}`, "DELETE")).status).toBe(200);
    const again = [ids[1], ids[3], ids[4], ids[0]];
    const second = await call<Pipeline>(`/api/crm/pipelines/${pipeline.id}/stages/order`, "PUT", { ids: again });
    expect(second.body.stages.map((s) => [s.id, s.position])).toEqual(again.map((id, i) => [id, i]));
    expect((await auditsOf(pipeline.id)).filter((a) => a.action === "update")).toHaveLength(2);
  });

  it("refuses an order that is not exactly the pipeline's stages", async () => {
    const pipeline = await newPipeline("Ordem errada");
    const other = await newPipeline("Outro");
    const ids = pipeline.stages.map((s) => s.id);
    const order = (body: unknown) => call(`/api/crm/pipelines/${pipeline.id}/stages/order`, "PUT", body);
    for (const wrong of [ids.slice(1), [...ids.slice(1), other.stages[0].id], [...ids, other.stages[0].id]]) {
      const answer = await order({ ids: wrong });
      expect(answer.status).toBe(409);
      expect(errorOf(answer)).toBe(PIPELINE_MESSAGES.orderStale);
    }
    const repeated = await order({ ids: [ids[0], ...ids.slice(0, 4)] });
    expect(repeated.status).toBe(400);
    expect(repeated.text).toContain(PIPELINE_MESSAGES.orderRepeated);
    expect((await order({ ids: [] })).status).toBe(400);
    expect((await listed()).find((p) => p.id === pipeline.id)).toEqual(pipeline);
  });

  it("refuses to delete a stage with live deals (409, pt-BR), and deletes it once it is empty", async () => {
    const pipeline = await newPipeline("Excluir etapa");
    const [first, second] = pipeline.stages;
    const live = await newDeal("Vivo", second.id);
    const refused = await call(`/api/crm/stages/${second.id}`, "DELETE");
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toBe("Mova as oportunidades desta etapa antes de excluí-la.");

    expect((await call(`/api/crm/deals/${live.id}/move`, "POST", { stageId: first.id, afterId: null })).status).toBe(
      200,
    );
    const trashed = await newDeal("Na lixeira", second.id);
    expect((await call(`/api/crm/deals/${trashed.id}`, "DELETE")).status).toBe(200);
    const deleted = await call(`/api/crm/stages/${second.id}`, "DELETE");
    expect(deleted.status).toBe(200);
    const after = (await listed()).find((p) => p.id === pipeline.id) as Pipeline;
    expect(after.stages.map((s) => s.id)).toEqual(pipeline.stages.filter((s) => s.id !== second.id).map((s) => s.id));
    // The deleted deal (restorable for 30 days) went to the stage before.
    expect(await trashedDeal(trashed.id)).toEqual({ pipelineId: pipeline.id, stageId: first.id });
    expect((await auditsOf(second.id)).at(-1)).toMatchObject({ action: "delete", resourceType: "pipeline_stage" });
  });

  it("never deletes a pipeline's last stage", async () => {
    const pipeline = await newPipeline("Uma etapa");
    for (const stage of pipeline.stages.slice(1))
      expect((await call(`/api/crm/stages/${stage.id}`, "DELETE")).status).toBe(200);
    const refused = await call(`/api/crm/stages/${pipeline.stages[0].id}`, "DELETE");
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toBe(PIPELINE_MESSAGES.lastStage);
    expect((await listed()).find((p) => p.id === pipeline.id)?.stages).toHaveLength(1);
  });

  it("refuses a colour off the palette and a probability outside 0–100 with pt-BR messages (400)", async () => {
    const pipeline = await newPipeline("Validação");
    const add = (body: unknown) => call(`/api/crm/pipelines/${pipeline.id}/stages`, "POST", body);
    const cases: [unknown, string][] = [
      [{ name: "X", color: "#ff0000", winProbability: 10 }, PIPELINE_MESSAGES.invalidColor],
      [{ name: "X", color: "dark", winProbability: 10 }, PIPELINE_MESSAGES.invalidColor],
      [{ name: "X", color: "blue", winProbability: 101 }, PIPELINE_MESSAGES.invalidProbability],
      [{ name: "X", color: "blue", winProbability: -1 }, PIPELINE_MESSAGES.invalidProbability],
      [{ name: "X", color: "blue", winProbability: 12.5 }, PIPELINE_MESSAGES.invalidProbability],
      [{ name: "X", color: "blue", winProbability: "50" }, PIPELINE_MESSAGES.invalidProbability],
      [{ name: "", color: "blue", winProbability: 50 }, PIPELINE_MESSAGES.stageNameRequired],
    ];
    for (const [body, message] of cases) {
      const answer = await add(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.text).toContain(message);
    }
    const edit = await call(`/api/crm/stages/${pipeline.stages[0].id}`, "PATCH", {
      name: "X",
      color: "preto",
      winProbability: 10,
    });
    expect(edit.status).toBe(400);
    expect((await listed()).find((p) => p.id === pipeline.id)).toEqual(pipeline);
  });

  it("answers 404 for ids that are no pipeline or stage", async () => {
    const none = "00000000-0000-4000-8000-000000000000";
    expect((await call(`/api/crm/pipelines/${none}`, "PATCH", { name: "X" })).status).toBe(404);
    expect(
      (await call(`/api/crm/pipelines/${none}/stages`, "POST", { name: "X", color: "blue", winProbability: 1 })).status,
    ).toBe(404);
    expect((await call(`/api/crm/stages/${none}`, "DELETE")).status).toBe(404);
    expect((await call("/api/crm/stages/nao-e-id", "DELETE")).status).toBe(404);
  });
});

describe("what the manager may do", () => {
  it("GET /api/crm/pipeline-settings says the manager may create, edit and delete", async () => {
    const answer = await call("/api/crm/pipeline-settings");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ create: true, edit: true, delete: true });
  });
});
