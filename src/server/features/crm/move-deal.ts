import { and, eq, isNull, sql } from "drizzle-orm";
import { CRM_MESSAGES, type Deal, type MoveDealBody } from "#domain/schemas/crm.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { leads } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import type { CrmContext } from "./crm-context.ts";
import { orderKeyIn } from "./deal-order.ts";
import { answerDeal, dealScope } from "./deal-row.ts";
import { stageOf } from "./stage-checks.ts";

/** Moves a deal to a stage, right after `afterId` (first when null); writes "stage_changed" when the stage changes. */
export async function moveDeal(tx: Tx, ctx: CrmContext, id: string, body: MoveDealBody, now: Date): Promise<Deal> {
  const [current] = await tx
    .select({ stageId: leads.stageId, version: leads.version, stage: leads.stage })
    .from(leads)
    .where(and(dealScope(ctx), eq(leads.id, id), isNull(leads.deletedAt)))
    .for("update");
  if (!current) throw new AppError("not_found", CRM_MESSAGES.dealNotFound);
  if (body.version !== undefined && body.version !== current.version)
    throw new AppError("conflict", CRM_MESSAGES.versionConflict);
  const stage = await stageOf(tx, ctx.agencyId, body.stageId);
  const position = await orderKeyIn(tx, ctx, stage.id, body.afterId, id);
  const stageChanged = stage.id !== current.stageId;
  await tx
    .update(leads)
    .set({
      stageId: stage.id,
      position,
      version: sql`${leads.version} + 1`,
      updatedAt: now,
      ...(stageChanged ? { stageEnteredAt: now } : {}),
    })
    .where(and(dealScope(ctx), eq(leads.id, id)));
  if (stageChanged) {
    await recordTimelineEvent(tx, {
      agencyId: ctx.agencyId,
      recordType: "deal",
      recordId: id,
      kind: "stage_changed",
      actorId: ctx.user.id,
      details: { from: current.stage, to: stage.name },
    });
    await recordAudit(tx, ctx.actor, {
      action: "update",
      resourceType: "deal",
      resourceId: id,
      details: { stage: { from: current.stage, to: stage.name } },
    });
  }
  return answerDeal(tx, ctx, id);
}
