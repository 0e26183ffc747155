import { and, eq, sql } from "drizzle-orm";
import { CRM_MESSAGES, type Contact } from "#domain/schemas/crm.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { customers, leads, timelineEvents } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { contactScope, findContact } from "./contact-row.ts";
import type { CrmContext } from "./crm-context.ts";

/**
 * Merges `mergeId` into `keepId`: empty fields of the kept contact take the other's values, tags
 * and custom fields are united, deals, tasks and timeline move over; the merged one is soft deleted.
 */
export async function mergeContacts(
  tx: Tx,
  ctx: CrmContext,
  keepId: string,
  mergeId: string,
  now: Date,
): Promise<Contact> {
  if (keepId === mergeId) throw new AppError("validation_failed", CRM_MESSAGES.mergeSame);
  const keep = await findContact(tx, ctx, keepId);
  const other = await findContact(tx, ctx, mergeId);
  if (!keep || !other || keep.deletedAt || other.deletedAt)
    throw new AppError("not_found", CRM_MESSAGES.contactNotFound);
  const fill = <K extends keyof Contact>(key: K) => keep[key] ?? other[key];
  await tx
    .update(customers)
    .set({
      email: fill("email"),
      phone: fill("phone"),
      whatsapp: fill("whatsapp"),
      document: fill("document"),
      companyId: fill("companyId"),
      position: fill("position"),
      city: fill("city"),
      state: fill("state"),
      source: fill("source"),
      notes: [keep.notes, other.notes].filter(Boolean).join("\n\n") || null,
      tags: [...new Set([...keep.tags, ...other.tags])],
      customFields: { ...other.customFields, ...keep.customFields },
      version: sql`${customers.version} + 1`,
      updatedAt: now,
    })
    .where(and(contactScope(ctx), eq(customers.id, keepId)));
  // The merged one's e-mail/phone/document are cleared so they no longer flag duplicates.
  await tx
    .update(customers)
    .set({
      deletedAt: now,
      email: null,
      phone: null,
      document: null,
      updatedAt: now,
      customFields: { ...other.customFields, merged_into: keepId },
    })
    .where(and(contactScope(ctx), eq(customers.id, mergeId)));
  await tx
    .update(leads)
    .set({ contactId: keepId })
    .where(and(eq(leads.agencyId, ctx.agencyId), eq(leads.contactId, mergeId)));
  await tx
    .update(timelineEvents)
    .set({ recordId: keepId })
    .where(
      and(
        eq(timelineEvents.agencyId, ctx.agencyId),
        eq(timelineEvents.recordType, "contact"),
        eq(timelineEvents.recordId, mergeId),
      ),
    );
  await tx.execute(
    sql`UPDATE tasks SET record_id = ${keepId} WHERE agency_id = ${ctx.agencyId} AND record_type = 'contact' AND record_id = ${mergeId}`,
  );
  await recordTimelineEvent(tx, {
    agencyId: ctx.agencyId,
    recordType: "contact",
    recordId: keepId,
    kind: "merged",
    actorId: ctx.user.id,
    details: {
      mergedId: mergeId,
      mergedName: other.name,
      mergedEmail: other.email,
      mergedPhone: other.phone,
      mergedDocument: other.document,
    },
  });
  await recordAudit(tx, ctx.actor, {
    action: "update",
    resourceType: "contact",
    resourceId: keepId,
    details: { merged: mergeId },
  });
  return (await findContact(tx, ctx, keepId)) as Contact;
}
