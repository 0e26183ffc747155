import { CRM_MESSAGES, type Deal, type DealBody } from "#domain/schemas/crm.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { leads } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { findContact } from "./contact-row.ts";
import { createContact } from "./create-contact.ts";
import type { CrmContext } from "./crm-context.ts";
import { orderKeyIn } from "./deal-order.ts";
import { answerDeal } from "./deal-row.ts";
import { assertCompany, assertOwnerAllowed, checkCustomFields } from "./record-checks.ts";
import { stageOf } from "./stage-checks.ts";

/** Creates a deal at the end of its stage (first stage by default), creating its contact on the fly if asked. */
export async function createDeal(tx: Tx, ctx: CrmContext, body: DealBody): Promise<Deal> {
  const stage = await stageOf(tx, ctx.agencyId, body.stageId);
  const ownerId = body.ownerId === undefined ? ctx.user.id : body.ownerId;
  await assertOwnerAllowed(tx, ctx, ownerId);
  await assertCompany(tx, ctx.agencyId, body.companyId);
  let contactId = body.contactId ?? null;
  if (body.newContact) {
    const contact = await createContact(tx, ctx, {
      ...body.newContact,
      whatsapp: null,
      document: null,
      state: null,
      tags: [],
      status: "lead",
      customFields: {},
      ignoreDuplicates: false,
      companyId: body.companyId ?? null,
    });
    contactId = contact.id;
  } else if (contactId && !(await findContact(tx, ctx, contactId))) {
    throw new AppError("not_found", CRM_MESSAGES.contactNotFound);
  }
  const customFields = await checkCustomFields(tx, ctx.agencyId, "deal", body.customFields);
  const position = await orderKeyIn(tx, ctx, stage.id, "last", null);
  const [row] = await tx
    .insert(leads)
    .values({
      agencyId: ctx.agencyId,
      name: body.title,
      stageId: stage.id,
      pipelineId: stage.pipelineId,
      position,
      valueCents: body.valueCents,
      contactId,
      companyId: body.companyId ?? null,
      ownerId,
      expectedCloseOn: body.expectedCloseOn ?? null,
      source: body.source ?? null,
      tags: body.tags,
      customFields,
    })
    .returning({ id: leads.id });
  await recordTimelineEvent(tx, {
    agencyId: ctx.agencyId,
    recordType: "deal",
    recordId: row.id,
    kind: "created",
    actorId: ctx.user.id,
    details: { stage: stage.name },
  });
  if (contactId)
    await recordTimelineEvent(tx, {
      agencyId: ctx.agencyId,
      recordType: "contact",
      recordId: contactId,
      kind: "deal_created",
      actorId: ctx.user.id,
      details: { dealId: row.id, title: body.title },
    });
  await recordAudit(tx, ctx.actor, {
    action: "create",
    resourceType: "deal",
    resourceId: row.id,
    details: { title: body.title, valueCents: body.valueCents },
  });
  return answerDeal(tx, { ...ctx, scope: "all" }, row.id);
}
