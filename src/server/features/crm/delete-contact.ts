import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { CRM_MESSAGES } from "#domain/schemas/crm.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { customers } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { contactScope } from "./contact-row.ts";
import type { CrmContext } from "./crm-context.ts";

/** Soft deletes: the contacts leave every list and may be restored for 30 days. */
export async function deleteContacts(tx: Tx, ctx: CrmContext, ids: string[], now: Date): Promise<number> {
  const rows = await tx
    .update(customers)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(contactScope(ctx), inArray(customers.id, ids), isNull(customers.deletedAt)))
    .returning({ id: customers.id });
  for (const row of rows) {
    await recordTimelineEvent(tx, {
      agencyId: ctx.agencyId,
      recordType: "contact",
      recordId: row.id,
      kind: "deleted",
      actorId: ctx.user.id,
    });
    await recordAudit(tx, ctx.actor, { action: "delete", resourceType: "contact", resourceId: row.id });
  }
  return rows.length;
}

export const UNDO_DAYS = 30;

/** Undoes a delete within 30 days. */
export async function restoreContact(tx: Tx, ctx: CrmContext, id: string, now: Date): Promise<void> {
  const [row] = await tx
    .select({ deletedAt: customers.deletedAt })
    .from(customers)
    .where(and(contactScope(ctx), eq(customers.id, id), isNotNull(customers.deletedAt)))
    .limit(1);
  if (!row?.deletedAt) throw new AppError("not_found", CRM_MESSAGES.contactNotFound);
  if (now.getTime() - row.deletedAt.getTime() > UNDO_DAYS * 86_400_000)
    throw new AppError("gone", CRM_MESSAGES.restoreExpired);
  await tx
    .update(customers)
    .set({ deletedAt: null, updatedAt: now })
    .where(and(contactScope(ctx), eq(customers.id, id)));
  await recordTimelineEvent(tx, {
    agencyId: ctx.agencyId,
    recordType: "contact",
    recordId: id,
    kind: "restored",
    actorId: ctx.user.id,
  });
  await recordAudit(tx, ctx.actor, {
    action: "update",
    resourceType: "contact",
    resourceId: id,
    details: { restored: true },
  });
}
