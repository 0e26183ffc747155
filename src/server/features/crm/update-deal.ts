import { and, eq, isNull, sql } from "drizzle-orm";
import { CRM_MESSAGES, type Deal, type DealUpdateBody } from "#domain/schemas/crm.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { leads } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { notifyUsers } from "../../notifications/notify-users.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { findContact } from "./contact-row.ts";
import type { CrmContext } from "./crm-context.ts";
import { answerDeal, dealScope, findDeal } from "./deal-row.ts";
import { assertCompany, assertOwnerAllowed, checkCustomFields } from "./record-checks.ts";

/** Edits a deal's fields if its version is still the caller's (else 409, nothing lost silently). */
export async function updateDeal(tx: Tx, ctx: CrmContext, id: string, body: DealUpdateBody, now: Date): Promise<Deal> {
  const before = await findDeal(tx, ctx, id);
  if (!before || before.deletedAt) throw new AppError("not_found", CRM_MESSAGES.dealNotFound);
  if (body.ownerId !== undefined) await assertOwnerAllowed(tx, ctx, body.ownerId);
  await assertCompany(tx, ctx.agencyId, body.companyId);
  if (body.contactId && !(await findContact(tx, ctx, body.contactId)))
    throw new AppError("not_found", CRM_MESSAGES.contactNotFound);
  const customFields = body.customFields
    ? await checkCustomFields(tx, ctx.agencyId, "deal", body.customFields, before.customFields)
    : undefined;
  const rows = await tx
    .update(leads)
    .set({
      name: body.title,
      valueCents: body.valueCents,
      contactId: body.contactId,
      companyId: body.companyId,
      ownerId: body.ownerId,
      expectedCloseOn: body.expectedCloseOn,
      source: body.source,
      tags: body.tags,
      customFields,
      version: sql`${leads.version} + 1`,
      updatedAt: now,
    })
    .where(and(dealScope(ctx), eq(leads.id, id), eq(leads.version, body.version), isNull(leads.deletedAt)))
    .returning({ id: leads.id });
  if (!rows.length) throw new AppError("conflict", CRM_MESSAGES.versionConflict);
  const ownerChanged = body.ownerId !== undefined && body.ownerId !== before.ownerId;
  await recordTimelineEvent(tx, {
    agencyId: ctx.agencyId,
    recordType: "deal",
    recordId: id,
    kind: ownerChanged ? "owner_changed" : "updated",
    actorId: ctx.user.id,
    details: ownerChanged ? { from: before.ownerId, to: body.ownerId } : {},
  });
  if (ownerChanged && body.ownerId)
    await notifyUsers(tx, {
      agencyId: ctx.agencyId,
      userIds: [body.ownerId],
      kind: "deal_assigned",
      title: `Oportunidade atribuída a você: ${body.title ?? before.title}`,
      recordType: "deal",
      recordId: id,
      actorId: ctx.user.id,
    });
  await recordAudit(tx, ctx.actor, { action: "update", resourceType: "deal", resourceId: id });
  return answerDeal(tx, ctx, id);
}
