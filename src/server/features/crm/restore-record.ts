import { and, eq, isNotNull, type SQL } from "drizzle-orm";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import type { companies, customers } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import type { CrmContext } from "./crm-context.ts";

export const UNDO_DAYS = 30;

/** A soft-deleted kind of record: its table, the caller's reach over it and its names. */
type SoftDeleted = {
  table: typeof customers | typeof companies;
  scope: (ctx: CrmContext) => SQL;
  recordType: "contact" | "company";
  notFound: string;
  expired: string;
};

/**
 * Undoes a delete within 30 days (after, 410: the purge may already have removed it): the record
 * is back in the lists, its timeline says "restored" and the audit log has the change.
 */
export async function restoreRecord(tx: Tx, ctx: CrmContext, kind: SoftDeleted, id: string, now: Date): Promise<void> {
  const { table } = kind;
  const [row] = await tx
    .select({ deletedAt: table.deletedAt })
    .from(table)
    .where(and(kind.scope(ctx), eq(table.id, id), isNotNull(table.deletedAt)))
    .limit(1);
  if (!row?.deletedAt) throw new AppError("not_found", kind.notFound);
  if (now.getTime() - row.deletedAt.getTime() > UNDO_DAYS * 86_400_000) throw new AppError("gone", kind.expired);
  await tx
    .update(table)
    .set({ deletedAt: null, updatedAt: now })
    .where(and(kind.scope(ctx), eq(table.id, id)));
  await recordTimelineEvent(tx, {
    agencyId: ctx.agencyId,
    recordType: kind.recordType,
    recordId: id,
    kind: "restored",
    actorId: ctx.user.id,
  });
  await recordAudit(tx, ctx.actor, {
    action: "update",
    resourceType: kind.recordType,
    resourceId: id,
    details: { restored: true },
  });
}
