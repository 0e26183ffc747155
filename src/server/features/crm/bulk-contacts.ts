import { and, inArray, isNull, sql } from "drizzle-orm";
import type { BulkContactsBody } from "#domain/schemas/crm.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { customers } from "../../db/schema.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { contactScope } from "./contact-row.ts";
import type { CrmContext } from "./crm-context.ts";
import { deleteContacts } from "./delete-contact.ts";
import { assertOwnerAllowed } from "./record-checks.ts";

/** Assign owner, add a tag, change status or delete a selection; contacts out of reach are left alone. */
export async function bulkContacts(tx: Tx, ctx: CrmContext, body: BulkContactsBody, now: Date): Promise<number> {
  const { action } = body;
  if (action.kind === "delete") return deleteContacts(tx, ctx, body.ids, now);
  if (action.kind === "assign_owner") await assertOwnerAllowed(tx, ctx, action.ownerId);
  const set =
    action.kind === "assign_owner"
      ? { ownerId: action.ownerId }
      : action.kind === "set_status"
        ? { status: action.status }
        : { tags: sql`(SELECT array_agg(DISTINCT t) FROM unnest(array_append(${customers.tags}, ${action.tag})) t)` };
  const rows = await tx
    .update(customers)
    .set({ ...set, version: sql`${customers.version} + 1`, updatedAt: now })
    .where(and(contactScope(ctx), inArray(customers.id, body.ids), isNull(customers.deletedAt)))
    .returning({ id: customers.id });
  const kind = action.kind === "assign_owner" ? "owner_changed" : "updated";
  for (const row of rows)
    await recordTimelineEvent(tx, {
      agencyId: ctx.agencyId,
      recordType: "contact",
      recordId: row.id,
      kind,
      actorId: ctx.user.id,
      details: { bulk: action },
    });
  await recordAudit(tx, ctx.actor, {
    action: "update",
    resourceType: "contact",
    details: { bulk: action.kind, ids: rows.map((r) => r.id) },
  });
  return rows.length;
}
