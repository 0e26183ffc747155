import { and, eq, isNull, sql } from "drizzle-orm";
import { CRM_MESSAGES, type Deal, type MoveDealBody } from "#domain/schemas/crm.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { leads } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import type { CrmContext } from "./crm-context.ts";
import { orderKeyIn } from "./deal-order.ts";
import { dealScope, dealsFrom, toDeal } from "./deal-row.ts";
import { type StageRef, stageOf } from "./stage-checks.ts";

/**
 * Moves a deal to a stage, right after `afterId` (first when null); writes "stage_changed" when the
 * stage changes. The stage's order lock (orderKeyIn) is taken last, so it is held only for the
 * neighbours' read, the update and the commit: the deal's own row lock already orders moves of
 * one deal, and the timeline and audit rows need no order.
 */
export async function moveDeal(tx: Tx, ctx: CrmContext, id: string, body: MoveDealBody, now: Date): Promise<Deal> {
  const [current] = await dealsFrom(tx, { stageName: sql<string>`${leads.stage}` })
    .where(and(dealScope(ctx), eq(leads.id, id), isNull(leads.deletedAt)))
    .for("update", { of: leads });
  if (!current) throw new AppError("not_found", CRM_MESSAGES.dealNotFound);
  if (body.version !== undefined && body.version !== current.version)
    throw new AppError("conflict", CRM_MESSAGES.versionConflict);
  const stage = await stageOf(tx, ctx.agencyId, body.stageId);
  const stageChanged = stage.id !== current.stageId;
  if (stageChanged) await recordStageChange(tx, ctx, id, current.stageName, stage);
  const position = await orderKeyIn(tx, ctx, stage.id, body.afterId, id);
  const [moved] = await tx
    .update(leads)
    .set({
      stageId: stage.id,
      position,
      version: sql`${leads.version} + 1`,
      updatedAt: now,
      ...(stageChanged ? { stageEnteredAt: now } : {}),
    })
    .where(and(dealScope(ctx), eq(leads.id, id)))
    .returning({
      stageId: leads.stageId,
      pipelineId: leads.pipelineId,
      position: leads.position,
      version: leads.version,
      stageEnteredAt: leads.stageEnteredAt,
    });
  // The row is locked since the first read: only this update changed it, so the answer is that read
  // with the update's columns (the pipeline follows the stage, by the deal_stage trigger).
  const { stageName: _stageName, ...deal } = current;
  return toDeal({ ...deal, ...moved });
}

async function recordStageChange(tx: Tx, ctx: CrmContext, id: string, from: string, to: StageRef): Promise<void> {
  await recordTimelineEvent(tx, {
    agencyId: ctx.agencyId,
    recordType: "deal",
    recordId: id,
    kind: "stage_changed",
    actorId: ctx.user.id,
    details: { from, to: to.name },
  });
  await recordAudit(tx, ctx.actor, {
    action: "update",
    resourceType: "deal",
    resourceId: id,
    details: { stage: { from, to: to.name } },
  });
}
