import { and, asc, eq, sql } from "drizzle-orm";
import { CRM_MESSAGES, type CustomField } from "#domain/schemas/crm.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { crmCustomFields } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { CrmContext } from "./crm-context.ts";

export async function listCustomFields(tx: Tx, agencyId: string): Promise<CustomField[]> {
  return tx
    .select({
      id: crmCustomFields.id,
      entity: crmCustomFields.entity,
      label: crmCustomFields.label,
      fieldType: crmCustomFields.fieldType,
      options: crmCustomFields.options,
    })
    .from(crmCustomFields)
    .where(eq(crmCustomFields.agencyId, agencyId))
    .orderBy(asc(crmCustomFields.entity), asc(crmCustomFields.position), asc(crmCustomFields.createdAt));
}

export async function createCustomField(tx: Tx, ctx: CrmContext, body: Omit<CustomField, "id">): Promise<CustomField> {
  const [row] = await tx
    .insert(crmCustomFields)
    .values({
      agencyId: ctx.agencyId,
      ...body,
      options: body.fieldType === "select" ? body.options : [],
      position: sql`(SELECT coalesce(max(position), -1) + 1 FROM crm_custom_fields WHERE agency_id = ${ctx.agencyId} AND entity = ${body.entity})`,
    })
    .returning();
  await recordAudit(tx, ctx.actor, {
    action: "create",
    resourceType: "crm_custom_fields",
    resourceId: row.id,
    details: { label: body.label },
  });
  return { id: row.id, entity: row.entity, label: row.label, fieldType: row.fieldType, options: row.options };
}

/** Removing a field keeps the values already stored on records (they are no longer shown). */
export async function deleteCustomField(tx: Tx, ctx: CrmContext, id: string): Promise<void> {
  const rows = await tx
    .delete(crmCustomFields)
    .where(and(eq(crmCustomFields.agencyId, ctx.agencyId), eq(crmCustomFields.id, id)))
    .returning({ id: crmCustomFields.id });
  if (!rows.length) throw new AppError("not_found", CRM_MESSAGES.fieldNotFound);
  await recordAudit(tx, ctx.actor, { action: "delete", resourceType: "crm_custom_fields", resourceId: id });
}
