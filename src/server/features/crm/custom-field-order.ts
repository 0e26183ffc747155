import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { CUSTOM_FIELD_MESSAGES, type CustomFieldOrderBody } from "#domain/schemas/crm.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { crmCustomFields } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { CrmContext } from "./crm-context.ts";

/**
 * Puts one record kind's fields in the order given, in one transaction. The whole order is sent
 * (an agency has tens of fields, not thousands): the result never depends on which neighbour a
 * concurrent edit moved, and a list that no longer matches the agency's fields (one created or
 * removed meanwhile) is refused rather than guessed. Only the fields whose position changes are
 * written.
 */
export async function reorderCustomFields(tx: Tx, ctx: CrmContext, body: CustomFieldOrderBody): Promise<void> {
  const current = await tx
    .select({ id: crmCustomFields.id, position: crmCustomFields.position })
    .from(crmCustomFields)
    .where(and(eq(crmCustomFields.agencyId, ctx.agencyId), eq(crmCustomFields.entity, body.entity)))
    .orderBy(asc(crmCustomFields.position), asc(crmCustomFields.createdAt))
    .for("update");
  const known = new Set(current.map((f) => f.id));
  if (current.length !== body.ids.length || body.ids.some((id) => !known.has(id)))
    throw new AppError("conflict", CUSTOM_FIELD_MESSAGES.orderStale);
  const positionOf = new Map(current.map((f) => [f.id, f.position]));
  const moved = body.ids.flatMap((id, position) => (positionOf.get(id) === position ? [] : [{ id, position }]));
  if (!moved.length) return;
  await tx
    .update(crmCustomFields)
    .set({ position: sql`(${positionCase(moved)})` })
    .where(
      and(
        eq(crmCustomFields.agencyId, ctx.agencyId),
        inArray(
          crmCustomFields.id,
          moved.map((m) => m.id),
        ),
      ),
    );
  await recordAudit(tx, ctx.actor, {
    action: "update",
    resourceType: "crm_custom_fields",
    details: { entity: body.entity, order: body.ids },
  });
}

function positionCase(moved: { id: string; position: number }[]) {
  const whens = moved.map((m) => sql`when ${crmCustomFields.id} = ${m.id}::uuid then ${m.position}::int`);
  return sql`case ${sql.join(whens, sql` `)} end`;
}
