import { and, asc, eq, sql } from "drizzle-orm";
import {
  CRM_MESSAGES,
  CUSTOM_FIELD_MESSAGES,
  type CustomField,
  type CustomFieldUpdateBody,
} from "#domain/schemas/crm.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { queryRows, type Tx } from "../../db/client.ts";
import { crmCustomFields } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { CrmContext } from "./crm-context.ts";

const fieldColumns = {
  id: crmCustomFields.id,
  entity: crmCustomFields.entity,
  label: crmCustomFields.label,
  fieldType: crmCustomFields.fieldType,
  options: crmCustomFields.options,
};

export async function listCustomFields(tx: Tx, agencyId: string): Promise<CustomField[]> {
  return tx
    .select(fieldColumns)
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

/**
 * Renames a field, edits a select's options or changes its type. Options taken out stay on the
 * records that hold them (saving such a record keeps them, see checkCustomFields). The type changes
 * only while no record of the agency holds a value, deleted records included: "12" read as a date
 * would otherwise turn into garbage silently. The check reads every record of the agency, whatever
 * the caller's record scope (crm_custom_field_in_use, migration 0030).
 */
export async function updateCustomField(
  tx: Tx,
  ctx: CrmContext,
  id: string,
  body: CustomFieldUpdateBody,
): Promise<CustomField> {
  const [before] = await tx
    .select(fieldColumns)
    .from(crmCustomFields)
    .where(and(eq(crmCustomFields.agencyId, ctx.agencyId), eq(crmCustomFields.id, id)))
    .for("update");
  if (!before) throw new AppError("not_found", CRM_MESSAGES.fieldNotFound);
  if (body.fieldType !== before.fieldType && (await fieldInUse(tx, before.entity, id)))
    throw new AppError("conflict", CUSTOM_FIELD_MESSAGES.typeLocked);
  const options = body.fieldType === "select" ? body.options : [];
  const [row] = await tx
    .update(crmCustomFields)
    .set({ label: body.label, fieldType: body.fieldType, options })
    .where(and(eq(crmCustomFields.agencyId, ctx.agencyId), eq(crmCustomFields.id, id)))
    .returning(fieldColumns);
  await recordAudit(tx, ctx.actor, {
    action: "update",
    resourceType: "crm_custom_fields",
    resourceId: id,
    details: {
      before: { label: before.label, fieldType: before.fieldType, options: before.options },
      after: { label: row.label, fieldType: row.fieldType, options: row.options },
    },
  });
  return row;
}

async function fieldInUse(tx: Tx, entity: CustomField["entity"], id: string): Promise<boolean> {
  const [row] = await queryRows<{ in_use: boolean }>(
    tx,
    sql`select crm_custom_field_in_use(${entity}, ${id}::uuid) as in_use`,
  );
  return row?.in_use === true;
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
