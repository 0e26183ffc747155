import {
  CRM_MESSAGES,
  type ContactBody,
  type Contact,
  type Duplicate,
  type DuplicateDetails,
} from "#domain/schemas/crm.ts";
import type { TimelineKind } from "#domain/timeline-kinds.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { customers } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { findContact, findDuplicates } from "./contact-row.ts";
import type { CrmContext } from "./crm-context.ts";
import { assertCompany, assertOwnerAllowed, checkCustomFields } from "./record-checks.ts";

export type CreatedContact = { contact: Contact } | { duplicates: Duplicate[] };

/**
 * Creates a contact, owned by the caller unless another owner is given. A contact whose e-mail,
 * phone or document already exists in the agency (any owner's) is not created unless the caller
 * confirms (409 with the matches it may open, and whether others it cannot see exist).
 */
export async function createContact(
  tx: Tx,
  ctx: CrmContext,
  body: ContactBody,
  kind: TimelineKind = "created",
): Promise<Contact> {
  if (!body.ignoreDuplicates) {
    const { visible, hidden } = await findDuplicates(tx, ctx, body);
    if (visible.length || hidden) {
      const details: DuplicateDetails = { duplicates: visible, ...(hidden ? { hidden: true } : {}) };
      const message = visible.length ? CRM_MESSAGES.duplicateContact : CRM_MESSAGES.duplicateContactHidden;
      throw new AppError("conflict", message, details);
    }
  }
  const ownerId = body.ownerId === undefined ? ctx.user.id : body.ownerId;
  await assertOwnerAllowed(tx, ctx, ownerId);
  await assertCompany(tx, ctx.agencyId, body.companyId);
  const customFields = await checkCustomFields(tx, ctx.agencyId, "contact", body.customFields);
  const [row] = await tx
    .insert(customers)
    .values({
      agencyId: ctx.agencyId,
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
    })
    .returning({ id: customers.id });
  await recordTimelineEvent(tx, {
    agencyId: ctx.agencyId,
    recordType: "contact",
    recordId: row.id,
    kind,
    actorId: ctx.user.id,
  });
  await recordAudit(tx, ctx.actor, {
    action: "create",
    resourceType: "contact",
    resourceId: row.id,
    details: { name: body.name },
  });
  const contact = await findContact(tx, { ...ctx, scope: "all" }, row.id);
  if (!contact) throw new AppError("not_found", CRM_MESSAGES.contactNotFound);
  return contact;
}
