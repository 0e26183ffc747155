import { and, eq } from "drizzle-orm";
import type { Task } from "#domain/schemas/tasks.ts";
import type { Queryable } from "../../db/client.ts";
import { taskAssignees, tasks } from "../../db/schema.ts";
import { positionAtEnd } from "./board-position.ts";

/** The due date one period later (a month keeps the day, clamped to the month's end). */
export function nextDueDate(due: Date, recurrence: "weekly" | "monthly"): Date {
  if (recurrence === "weekly") return new Date(due.getTime() + 7 * 86_400_000);
  const next = new Date(due);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** When a recurring task is done, its next occurrence is created once (same assignees). */
export async function spawnNextOccurrence(tx: Queryable, agencyId: string, task: Task, actorId: string, now: Date) {
  if (!task.recurrence || !task.projectId) return null;
  const [current] = await tx
    .select({ next: tasks.nextOccurrenceId })
    .from(tasks)
    .where(and(eq(tasks.agencyId, agencyId), eq(tasks.id, task.id)));
  if (current?.next) return null;
  const due = nextDueDate(task.dueDate ? new Date(task.dueDate) : now, task.recurrence);
  const [next] = await tx
    .insert(tasks)
    .values({
      agencyId,
      projectId: task.projectId,
      title: task.title,
      description: task.description,
      priority: task.priority,
      status: "pending",
      dueDate: due,
      recurrence: task.recurrence,
      checklist: task.checklist.map((item) => ({ ...item, done: false })),
      assigneeId: task.assignees[0]?.id ?? null,
      position: await positionAtEnd(tx, agencyId, task.projectId, "pending"),
      createdBy: actorId,
    })
    .returning({ id: tasks.id });
  if (task.assignees.length) {
    await tx.insert(taskAssignees).values(task.assignees.map((a) => ({ agencyId, taskId: next.id, userId: a.id })));
  }
  await tx
    .update(tasks)
    .set({ nextOccurrenceId: next.id })
    .where(and(eq(tasks.agencyId, agencyId), eq(tasks.id, task.id)));
  return next.id;
}
