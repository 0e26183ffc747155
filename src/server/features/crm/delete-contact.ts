import { and, inArray, isNull } from "drizzle-orm";
import { CRM_MESSAGES } from "#domain/schemas/crm.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { customers } from "../../db/schema.ts";
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

/** Contacts as restoreRecord undoes their delete. */
export const CONTACT_RECORDS = {
  table: customers,
  scope: contactScope,
  recordType: "contact",
  notFound: CRM_MESSAGES.contactNotFound,
  expired: CRM_MESSAGES.restoreExpired,
} as const;
