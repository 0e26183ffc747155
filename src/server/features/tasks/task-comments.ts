import { sql } from "drizzle-orm";
import { TASK_MESSAGES, type TaskComment } from "#domain/schemas/tasks.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { taskComments } from "../../db/schema.ts";
import { notifyUsers } from "../../notifications/notify-users.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { type Caller, iso, personName, uuidList } from "../projects/delivery-scope.ts";
import { findTaskOr404 } from "./find-task.ts";

/**
 * A comment on a task; each @mentioned member of the agency is notified. Ids of anyone else
 * (another agency's user, a stranger) are dropped: a mention never reaches outside the agency.
 */
export async function addTaskComment(
  tx: Queryable,
  caller: Caller,
  taskId: string,
  body: { body: string; mentionIds: string[] },
  now: Date,
): Promise<{ id: string }> {
  const task = await findTaskOr404(tx, caller, taskId, now);
  const mentions = body.mentionIds.length
    ? (
        await queryRows<{ id: string }>(
          tx,
          sql`SELECT id FROM profiles WHERE agency_id = ${caller.agencyId} AND id IN (${uuidList(body.mentionIds)})`,
        )
      ).map((r) => r.id)
    : [];
  const [comment] = await tx
    .insert(taskComments)
    .values({ agencyId: caller.agencyId, taskId, authorId: caller.user.id, body: body.body, mentions })
    .returning({ id: taskComments.id });
  await notifyUsers(tx, {
    agencyId: caller.agencyId,
    userIds: mentions,
    kind: "mentioned",
    title: TASK_MESSAGES.mentioned,
    body: `${task.title}: ${body.body.slice(0, 200)}`,
    recordType: "task",
    recordId: taskId,
    actorId: caller.user.id,
  });
  await recordTimelineEvent(tx, {
    agencyId: caller.agencyId,
    recordType: "task",
    recordId: taskId,
    kind: "comment",
    actorId: caller.user.id,
    details: { commentId: comment.id },
  });
  return comment;
}

export async function listTaskComments(
  tx: Queryable,
  caller: Caller,
  taskId: string,
  now: Date,
): Promise<TaskComment[]> {
  await findTaskOr404(tx, caller, taskId, now);
  const rows = await queryRows<{
    id: string;
    author_id: string | null;
    author_name: string | null;
    body: string;
    mentions: string[];
    created_at: Date | string;
  }>(
    tx,
    sql`SELECT c.id, c.author_id, ${personName("pr")} AS author_name, c.body, c.mentions, c.created_at
        FROM task_comments c LEFT JOIN profiles pr ON pr.id = c.author_id
        WHERE c.agency_id = ${caller.agencyId} AND c.task_id = ${taskId}
        ORDER BY c.created_at, c.id LIMIT 500`,
  );
  return rows.map((r) => ({
    id: r.id,
    author: r.author_id ? { id: r.author_id, name: r.author_name ?? "" } : null,
    body: r.body,
    mentions: r.mentions ?? [],
    createdAt: iso(r.created_at) ?? "",
  }));
}
