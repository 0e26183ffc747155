import { and, desc, eq, sql } from "drizzle-orm";
import type { ProjectTemplate } from "#domain/schemas/projects.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { projectTemplates } from "../../db/schema.ts";
import type { TemplateTask } from "../../db/schema-delivery.ts";
import type { Caller } from "./delivery-scope.ts";
import { findProjectOr404 } from "./find-project.ts";

const DAY = 86_400_000;

/** Saves a project and its task list (due dates as days from the start) as a template. */
export async function saveProjectTemplate(
  tx: Queryable,
  caller: Caller,
  projectId: string,
  body: { name: string; description?: string | null },
): Promise<{ id: string }> {
  await findProjectOr404(tx, caller, projectId);
  const [project] = await queryRows<{ start: Date | string | null; created_at: Date | string; budget_hours: string }>(
    tx,
    sql`SELECT start_date AS start, created_at, budget_hours::text FROM projects
        WHERE agency_id = ${caller.agencyId} AND id = ${projectId}`,
  );
  const start = new Date(project.start ?? project.created_at).getTime();
  const rows = await queryRows<{
    title: string;
    description: string | null;
    priority: string;
    due_date: Date | string | null;
  }>(
    tx,
    sql`SELECT title, description, priority, due_date FROM tasks WHERE agency_id = ${caller.agencyId}
        AND project_id = ${projectId} ORDER BY status, position, created_at`,
  );
  const tasks: TemplateTask[] = rows.map((t) => ({
    title: t.title,
    description: t.description,
    priority: t.priority,
    dueInDays: t.due_date ? Math.max(0, Math.round((new Date(t.due_date).getTime() - start) / DAY)) : null,
  }));
  const [row] = await tx
    .insert(projectTemplates)
    .values({
      agencyId: caller.agencyId,
      name: body.name,
      description: body.description ?? null,
      budgetHours: project.budget_hours,
      tasks,
      createdBy: caller.user.id,
    })
    .returning({ id: projectTemplates.id });
  return row;
}

export async function listProjectTemplates(tx: Queryable, agencyId: string): Promise<ProjectTemplate[]> {
  const rows = await tx
    .select()
    .from(projectTemplates)
    .where(and(eq(projectTemplates.agencyId, agencyId)))
    .orderBy(desc(projectTemplates.createdAt), desc(projectTemplates.id))
    .limit(200);
  return rows.map((r) => ({ id: r.id, name: r.name, description: r.description, taskCount: r.tasks.length }));
}
