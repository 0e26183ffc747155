import type { Queryable } from "#server/db/client.ts";
import { customers, leads, projects, tasks } from "#server/db/schema.ts";

export async function createCustomer(db: Queryable, input: typeof customers.$inferInsert) {
  const [row] = await db.insert(customers).values(input).returning();
  return row;
}

export async function createProject(db: Queryable, input: typeof projects.$inferInsert) {
  const [row] = await db.insert(projects).values(input).returning();
  return row;
}

export async function createLead(db: Queryable, input: typeof leads.$inferInsert) {
  const [row] = await db.insert(leads).values(input).returning();
  return row;
}

export async function createTask(db: Queryable, input: typeof tasks.$inferInsert) {
  const [row] = await db.insert(tasks).values(input).returning();
  return row;
}
