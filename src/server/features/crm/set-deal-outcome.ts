import { and, eq, isNull, sql } from "drizzle-orm";
import { CRM_MESSAGES, type Deal } from "#domain/schemas/crm.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { leads } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import type { CrmContext } from "./crm-context.ts";
import { answerDeal, dealScope, findDeal } from "./deal-row.ts";

export type OutcomeBody = { outcome: "won" | "lost" | "open"; lostReason?: string | null; version?: number };

/** Won, lost (with a reason) or reopened: an explicit outcome, with its timeline entry. */
export async function setDealOutcome(tx: Tx, ctx: CrmContext, id: string, body: OutcomeBody, now: Date): Promise<Deal> {
  const rows = await tx
    .update(leads)
    .set({
      outcome: body.outcome,
      lostReason: body.outcome === "lost" ? (body.lostReason ?? null) : null,
      closedAt: body.outcome === "open" ? null : now,
      status: body.outcome === "open" ? "new" : body.outcome,
      version: sql`${leads.version} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        dealScope(ctx),
        eq(leads.id, id),
        isNull(leads.deletedAt),
        body.version === undefined ? undefined : eq(leads.version, body.version),
      ),
    )
    .returning({ id: leads.id });
  if (!rows.length) {
    const exists = await findDeal(tx, ctx, id);
    throw exists && !exists.deletedAt
      ? new AppError("conflict", CRM_MESSAGES.versionConflict)
      : new AppError("not_found", CRM_MESSAGES.dealNotFound);
  }
  const kind = body.outcome === "open" ? "reopened" : body.outcome;
  await recordTimelineEvent(tx, {
    agencyId: ctx.agencyId,
    recordType: "deal",
    recordId: id,
    kind,
    actorId: ctx.user.id,
    details: body.lostReason ? { reason: body.lostReason } : {},
  });
  await recordAudit(tx, ctx.actor, {
    action: "update",
    resourceType: "deal",
    resourceId: id,
    details: { outcome: body.outcome },
  });
  return answerDeal(tx, ctx, id);
}
