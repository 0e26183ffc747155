import { and, eq, sql } from "drizzle-orm";
import { MAX_PIPELINES, type Pipeline, PIPELINE_MESSAGES, type PipelineInput } from "#domain/schemas/crm.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { queryRows, type Tx } from "../../db/client.ts";
import { leads, pipelines } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { CrmContext } from "./crm-context.ts";
import { assertManagesPipelines } from "./pipeline-access.ts";
import { isForeignKeyViolation, liveDeals, lockPipelines, pipelineOf } from "./pipeline-rows.ts";

/**
 * A new pipeline, last in the agency's list, with the spec's five default stages: made by the
 * very function that gives a new agency its first pipeline (crm_create_default_pipeline,
 * migration 0013), then named.
 */
export async function createPipeline(tx: Tx, ctx: CrmContext, body: PipelineInput): Promise<Pipeline> {
  assertManagesPipelines(ctx);
  const existing = await lockPipelines(tx, ctx);
  if (existing.length >= MAX_PIPELINES) throw new AppError("conflict", PIPELINE_MESSAGES.tooManyPipelines);
  const [created] = await queryRows<{ id: string }>(
    tx,
    sql`select crm_create_default_pipeline(${ctx.agencyId}::uuid) as id`,
  );
  await tx
    .update(pipelines)
    .set({
      name: body.name,
      position: sql`(select coalesce(max(p.position), -1) + 1 from pipelines p where p.agency_id = ${ctx.agencyId}::uuid and p.id <> ${created.id}::uuid)`,
    })
    .where(and(eq(pipelines.agencyId, ctx.agencyId), eq(pipelines.id, created.id)));
  await recordAudit(tx, ctx.actor, {
    action: "create",
    resourceType: "pipeline",
    resourceId: created.id,
    details: { name: body.name },
  });
  return pipelineOf(tx, ctx, created.id);
}

export async function renamePipeline(tx: Tx, ctx: CrmContext, id: string, body: PipelineInput): Promise<Pipeline> {
  assertManagesPipelines(ctx);
  const before = (await lockPipelines(tx, ctx)).find((p) => p.id === id);
  if (!before) throw new AppError("not_found", PIPELINE_MESSAGES.pipelineNotFound);
  if (before.name !== body.name) {
    await tx
      .update(pipelines)
      .set({ name: body.name })
      .where(and(eq(pipelines.agencyId, ctx.agencyId), eq(pipelines.id, id)));
    await recordAudit(tx, ctx.actor, {
      action: "update",
      resourceType: "pipeline",
      resourceId: id,
      details: { from: before.name, to: body.name },
    });
  }
  return pipelineOf(tx, ctx, id);
}

/**
 * Deletes a pipeline and its stages: refused while it has live deals, and for the agency's last
 * pipeline. Deals already in the trash (restorable for 30 days) move to the first stage of the
 * agency's first other pipeline, so undoing their delete still works.
 */
export async function deletePipeline(tx: Tx, ctx: CrmContext, id: string): Promise<void> {
  assertManagesPipelines(ctx);
  const all = await lockPipelines(tx, ctx, "update");
  const target = all.find((p) => p.id === id);
  if (!target) throw new AppError("not_found", PIPELINE_MESSAGES.pipelineNotFound);
  if (all.length === 1) throw new AppError("conflict", PIPELINE_MESSAGES.lastPipeline);
  if ((await liveDeals(tx, ctx, eq(leads.pipelineId, id))) > 0)
    throw new AppError("conflict", PIPELINE_MESSAGES.pipelineHasDeals);
  const heir = await pipelineOf(tx, ctx, all.find((p) => p.id !== id)?.id as string);
  const moved = await tx
    .update(leads)
    .set({ stageId: heir.stages[0].id })
    .where(and(eq(leads.agencyId, ctx.agencyId), eq(leads.pipelineId, id)))
    .returning({ id: leads.id });
  try {
    await tx.delete(pipelines).where(and(eq(pipelines.agencyId, ctx.agencyId), eq(pipelines.id, id)));
  } catch (error) {
    // Belt and braces: a deal left on one of its stages refuses the delete (ON DELETE RESTRICT).
    if (isForeignKeyViolation(error)) throw new AppError("conflict", PIPELINE_MESSAGES.pipelineHasDeals);
    throw error;
  }
  await recordAudit(tx, ctx.actor, {
    action: "delete",
    resourceType: "pipeline",
    resourceId: id,
    details: { name: target.name, ...(moved.length ? { trashedDealsMovedTo: heir.id } : {}) },
  });
}
