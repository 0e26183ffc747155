import { and, asc, eq, ne, sql } from "drizzle-orm";
import { CRM_MESSAGES, MAX_STAGES, type Pipeline, PIPELINE_MESSAGES, type StageInput } from "#domain/schemas/crm.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { leads, pipelineStages } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { CrmContext } from "./crm-context.ts";
import { assertManagesPipelines } from "./pipeline-access.ts";
import { isForeignKeyViolation, liveDeals, lockPipelines, pipelineOf } from "./pipeline-rows.ts";

const stageColumns = {
  id: pipelineStages.id,
  pipelineId: pipelineStages.pipelineId,
  name: pipelineStages.name,
  color: pipelineStages.color,
  winProbability: pipelineStages.winProbability,
  position: pipelineStages.position,
};

/** One of the agency's stages, locked (404 otherwise); "update" also holds back deals moving in. */
async function lockStage(tx: Tx, ctx: CrmContext, id: string, mode: "update" | "no key update") {
  const [stage] = await tx
    .select(stageColumns)
    .from(pipelineStages)
    .where(and(eq(pipelineStages.agencyId, ctx.agencyId), eq(pipelineStages.id, id)))
    .for(mode);
  if (!stage) throw new AppError("not_found", CRM_MESSAGES.stageNotFound);
  return stage;
}

/** A new stage, last in its pipeline. */
export async function addStage(tx: Tx, ctx: CrmContext, pipelineId: string, body: StageInput): Promise<Pipeline> {
  assertManagesPipelines(ctx);
  if (!(await lockPipelines(tx, ctx)).some((p) => p.id === pipelineId))
    throw new AppError("not_found", PIPELINE_MESSAGES.pipelineNotFound);
  const before = await pipelineOf(tx, ctx, pipelineId);
  if (before.stages.length >= MAX_STAGES) throw new AppError("conflict", PIPELINE_MESSAGES.tooManyStages);
  const position = before.stages.reduce((max, s) => Math.max(max, s.position), -1) + 1;
  const [row] = await tx
    .insert(pipelineStages)
    .values({ agencyId: ctx.agencyId, pipelineId, ...body, position })
    .returning({ id: pipelineStages.id });
  await recordAudit(tx, ctx.actor, {
    action: "create",
    resourceType: "pipeline_stage",
    resourceId: row.id,
    details: { pipelineId, ...body },
  });
  return pipelineOf(tx, ctx, pipelineId);
}

/**
 * A stage's name, colour and win probability. Its deals' old `stage` text (read by the global
 * search and older readers, decision 014) follows a new name.
 */
export async function updateStage(tx: Tx, ctx: CrmContext, id: string, body: StageInput): Promise<Pipeline> {
  assertManagesPipelines(ctx);
  await lockPipelines(tx, ctx);
  const before = await lockStage(tx, ctx, id, "no key update");
  await tx
    .update(pipelineStages)
    .set(body)
    .where(and(eq(pipelineStages.agencyId, ctx.agencyId), eq(pipelineStages.id, id)));
  if (body.name !== before.name)
    await tx
      .update(leads)
      .set({ stage: body.name })
      .where(and(eq(leads.agencyId, ctx.agencyId), eq(leads.stageId, id)));
  await recordAudit(tx, ctx.actor, {
    action: "update",
    resourceType: "pipeline_stage",
    resourceId: id,
    details: {
      pipelineId: before.pipelineId,
      from: { name: before.name, color: before.color, winProbability: before.winProbability },
      to: body,
    },
  });
  return pipelineOf(tx, ctx, before.pipelineId);
}

/**
 * Deletes a stage: refused while it has live deals, and for its pipeline's last stage. Deals in
 * the trash move to the stage before it (else the one after), so undoing their delete still works.
 */
export async function deleteStage(tx: Tx, ctx: CrmContext, id: string): Promise<void> {
  assertManagesPipelines(ctx);
  await lockPipelines(tx, ctx);
  const stage = await lockStage(tx, ctx, id, "update");
  const siblings = await tx
    .select({ id: pipelineStages.id, position: pipelineStages.position })
    .from(pipelineStages)
    .where(
      and(
        eq(pipelineStages.agencyId, ctx.agencyId),
        eq(pipelineStages.pipelineId, stage.pipelineId),
        ne(pipelineStages.id, id),
      ),
    )
    .orderBy(asc(pipelineStages.position), asc(pipelineStages.id));
  if (!siblings.length) throw new AppError("conflict", PIPELINE_MESSAGES.lastStage);
  if ((await liveDeals(tx, ctx, eq(leads.stageId, id))) > 0)
    throw new AppError("conflict", PIPELINE_MESSAGES.stageHasDeals);
  const heir = siblings.filter((s) => s.position <= stage.position).at(-1) ?? siblings[0];
  const moved = await tx
    .update(leads)
    .set({ stageId: heir.id })
    .where(and(eq(leads.agencyId, ctx.agencyId), eq(leads.stageId, id)))
    .returning({ id: leads.id });
  try {
    await tx.delete(pipelineStages).where(and(eq(pipelineStages.agencyId, ctx.agencyId), eq(pipelineStages.id, id)));
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError("conflict", PIPELINE_MESSAGES.stageHasDeals);
    throw error;
  }
  await recordAudit(tx, ctx.actor, {
    action: "delete",
    resourceType: "pipeline_stage",
    resourceId: id,
    details: {
      pipelineId: stage.pipelineId,
      name: stage.name,
      ...(moved.length ? { trashedDealsMovedTo: heir.id } : {}),
    },
  });
}

/**
 * Puts a pipeline's stages in the order given: the whole list is sent, and one that is not
 * exactly the pipeline's stages (one added or removed meanwhile, another pipeline's) is refused
 * rather than guessed. Positions become 0…n-1 in one statement; only moved stages are written.
 */
export async function reorderStages(tx: Tx, ctx: CrmContext, pipelineId: string, ids: string[]): Promise<Pipeline> {
  assertManagesPipelines(ctx);
  if (!(await lockPipelines(tx, ctx)).some((p) => p.id === pipelineId))
    throw new AppError("not_found", PIPELINE_MESSAGES.pipelineNotFound);
  const before = await pipelineOf(tx, ctx, pipelineId);
  const known = new Set(before.stages.map((s) => s.id));
  if (ids.length !== known.size || ids.some((id) => !known.has(id)))
    throw new AppError("conflict", PIPELINE_MESSAGES.orderStale);
  const positionOf = new Map(before.stages.map((s) => [s.id, s.position]));
  const moved = ids.flatMap((id, position) => (positionOf.get(id) === position ? [] : [{ id, position }]));
  if (!moved.length) return before;
  const whens = moved.map((m) => sql`when ${pipelineStages.id} = ${m.id}::uuid then ${m.position}::int`);
  await tx
    .update(pipelineStages)
    .set({ position: sql`(case ${sql.join(whens, sql` `)} end)` })
    .where(
      and(
        eq(pipelineStages.agencyId, ctx.agencyId),
        eq(pipelineStages.pipelineId, pipelineId),
        sql`${pipelineStages.id} in (${sql.join(
          moved.map((m) => sql`${m.id}::uuid`),
          sql`, `,
        )})`,
      ),
    );
  await recordAudit(tx, ctx.actor, {
    action: "update",
    resourceType: "pipeline",
    resourceId: pipelineId,
    details: { stageOrder: ids },
  });
  return pipelineOf(tx, ctx, pipelineId);
}
