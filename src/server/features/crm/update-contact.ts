import { and, eq, isNull, sql } from "drizzle-orm";
import { CRM_MESSAGES, type Contact, type ContactUpdateBody } from "#domain/schemas/crm.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { customers } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { contactScope, findContact } from "./contact-row.ts";
import type { CrmContext } from "./crm-context.ts";
import { assertCompany, assertOwnerAllowed, checkCustomFields } from "./record-checks.ts";

/** Saves a contact if nobody changed it since the caller read it (version), else 409. */
export async function updateContact(tx: Tx, ctx: CrmContext, id: string, body: ContactUpdateBody): Promise<Contact> {
  const before = await findContact(tx, ctx, id);
  if (!before || before.deletedAt) throw new AppError("not_found", CRM_MESSAGES.contactNotFound);
  const ownerId = body.ownerId === undefined ? before.ownerId : body.ownerId;
  await assertOwnerAllowed(tx, ctx, ownerId);
  // A link the contact already has is kept even when the company is another owner's (hidden from a
  // closer by row-level security); only a new link must name a company the caller reaches.
  if (body.companyId !== before.companyId) await assertCompany(tx, ctx.agencyId, body.companyId);
  const customFields = await checkCustomFields(tx, ctx.agencyId, "contact", body.customFields, before.customFields);
  const updated = await tx
    .update(customers)
    .set({
      name: body.name,
      email: body.email ?? null,
      phone: body.phone ?? null,
      whatsapp: body.whatsapp ?? null,
      document: body.document ?? null,
      companyId: body.companyId ?? null,
      position: body.position ?? null,
      city: body.city ?? null,
      state: body.state ?? null,
      source: body.source ?? null,
      tags: body.tags,
      ownerId,
      status: body.status,
      notes: body.notes ?? null,
      customFields,
      version: sql`${customers.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(contactScope(ctx), eq(customers.id, id), eq(customers.version, body.version), isNull(customers.deletedAt)),
    )
    .returning({ id: customers.id });
  if (!updated.length) throw new AppError("conflict", CRM_MESSAGES.versionConflict);
  const details = {
    before: { status: before.status, ownerId: before.ownerId },
    after: { status: body.status, ownerId },
  };
  if (ownerId !== before.ownerId)
    await recordTimelineEvent(tx, {
      agencyId: ctx.agencyId,
      recordType: "contact",
      recordId: id,
      kind: "owner_changed",
      actorId: ctx.user.id,
      details: { from: before.ownerId, to: ownerId },
    });
  else
    await recordTimelineEvent(tx, {
      agencyId: ctx.agencyId,
      recordType: "contact",
      recordId: id,
      kind: "updated",
      actorId: ctx.user.id,
    });
  await recordAudit(tx, ctx.actor, { action: "update", resourceType: "contact", resourceId: id, details });
  return (await findContact(tx, ctx, id)) as Contact;
}
