import { sql } from "drizzle-orm";
import type { ActivityInput, CrmRecordType } from "#domain/schemas/crm.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { queryRows, type Tx } from "../../db/client.ts";
import { customers } from "../../db/schema.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import type { CrmContext } from "./crm-context.ts";
import { assertRecordInReach } from "./record-in-reach.ts";
import { assertMember } from "./record-checks.ts";

/** A note, call, meeting or e-mail logged by hand on a record's timeline. */
export async function logActivity(
  tx: Tx,
  ctx: CrmContext,
  type: CrmRecordType,
  id: string,
  body: ActivityInput,
  now: Date,
): Promise<void> {
  await assertRecordInReach(tx, ctx, type, id);
  await recordTimelineEvent(tx, {
    agencyId: ctx.agencyId,
    recordType: type,
    recordId: id,
    kind: body.kind,
    actorId: ctx.user.id,
    details: { text: body.text },
  });
  if (type === "contact")
    await tx.execute(
      sql`UPDATE ${customers} SET last_contact_at = ${now.toISOString()}::timestamptz WHERE id = ${id} AND agency_id = ${ctx.agencyId}`,
    );
  await recordAudit(tx, ctx.actor, {
    action: "create",
    resourceType: `${type}_activity`,
    resourceId: id,
    details: { kind: body.kind },
  });
}

/** A task with due date and assignee on a record: a row of `tasks` (the dashboard's list) linked to it. */
export async function createRecordTask(
  tx: Tx,
  ctx: CrmContext,
  type: CrmRecordType,
  id: string,
  body: { title: string; dueDate?: string | null; assigneeId?: string | null },
): Promise<{ id: string }> {
  await assertRecordInReach(tx, ctx, type, id);
  const assigneeId = body.assigneeId === undefined ? ctx.user.id : body.assigneeId;
  await assertMember(tx, ctx.agencyId, assigneeId);
  const [task] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO tasks (agency_id, title, status, priority, assignee_id, due_date, record_type, record_id)
      VALUES (${ctx.agencyId}, ${body.title}, 'pending', 'media', ${assigneeId}, ${body.dueDate ?? null}::timestamptz, ${type}, ${id})
      RETURNING id`,
  );
  await recordTimelineEvent(tx, {
    agencyId: ctx.agencyId,
    recordType: type,
    recordId: id,
    kind: "task",
    actorId: ctx.user.id,
    details: { taskId: task.id, title: body.title, dueDate: body.dueDate ?? null, assigneeId },
  });
  await recordAudit(tx, ctx.actor, {
    action: "create",
    resourceType: "tasks",
    resourceId: task.id,
    details: { recordType: type, recordId: id },
  });
  return { id: task.id };
}
