import type { Queryable } from "#server/db/client.ts";
import { customers, leads, projectMembers, projects, taskAssignees, tasks } from "#server/db/schema.ts";

export async function createCustomer(db: Queryable, input: typeof customers.$inferInsert) {
  const [row] = await db.insert(customers).values(input).returning();
  return row;
}

/** A project; its owner is also a member (as the API makes them). */
export async function createProject(db: Queryable, input: typeof projects.$inferInsert) {
  const [row] = await db.insert(projects).values(input).returning();
  if (row.ownerId)
    await db.insert(projectMembers).values({ agencyId: row.agencyId, projectId: row.id, userId: row.ownerId });
  return row;
}

export async function createLead(db: Queryable, input: typeof leads.$inferInsert) {
  const [row] = await db.insert(leads).values(input).returning();
  return row;
}

/** A task; its assignee_id is also its (first) assignee row. */
export async function createTask(db: Queryable, input: typeof tasks.$inferInsert) {
  const [row] = await db.insert(tasks).values(input).returning();
  if (row.assigneeId)
    await db.insert(taskAssignees).values({ agencyId: row.agencyId, taskId: row.id, userId: row.assigneeId });
  return row;
}
