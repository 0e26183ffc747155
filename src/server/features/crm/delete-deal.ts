import { and, eq, isNull } from "drizzle-orm";
import { CRM_MESSAGES } from "#domain/schemas/crm.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { leads } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import type { CrmContext } from "./crm-context.ts";
import { dealScope } from "./deal-row.ts";

/** Soft delete of a deal (restorable for 30 days). */
export async function deleteDeal(tx: Tx, ctx: CrmContext, id: string, now: Date): Promise<void> {
  const rows = await tx
    .update(leads)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(dealScope(ctx), eq(leads.id, id), isNull(leads.deletedAt)))
    .returning({ id: leads.id });
  if (!rows.length) throw new AppError("not_found", CRM_MESSAGES.dealNotFound);
  await recordTimelineEvent(tx, {
    agencyId: ctx.agencyId,
    recordType: "deal",
    recordId: id,
    kind: "deleted",
    actorId: ctx.user.id,
  });
  await recordAudit(tx, ctx.actor, { action: "delete", resourceType: "deal", resourceId: id });
}
