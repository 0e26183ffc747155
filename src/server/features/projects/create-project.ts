import { and, eq, isNull } from "drizzle-orm";
import { generateKeyBetween } from "fractional-indexing";
import { type CreateProjectBody, PROJECT_MESSAGES as M } from "#domain/schemas/projects.ts";
import type { Queryable } from "../../db/client.ts";
import { companies, projectMembers, projects, projectTemplates, tasks } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { rethrowDealTaken } from "./deals-with-project.ts";
import { assertAgencyMembers, type Caller } from "./delivery-scope.ts";

const DAY = 86_400_000;

/**
 * Creates a project (owner and members as members), and its tasks when started from a template.
 * A caller who reaches only its own projects (record scope "own") and names another owner becomes
 * a member: otherwise it could not see what it just created (row-level security).
 */
export async function createProject(
  tx: Queryable,
  caller: Caller,
  body: CreateProjectBody & { dealId?: string | null },
  now: Date,
): Promise<{ id: string }> {
  const { agencyId, user } = caller;
  const ownerId = body.ownerId ?? user.id;
  const creator = caller.scope === "own" ? [user.id] : [];
  const memberIds = [...new Set([ownerId, ...(body.memberIds ?? []), ...creator])];
  await assertAgencyMembers(tx, agencyId, memberIds, M.memberNotFound);
  if (body.companyId) await assertCompany(tx, agencyId, body.companyId);
  const template = body.templateId ? await findTemplate(tx, agencyId, body.templateId) : null;
  // The id is chosen here, not returned: a row the caller cannot see yet (not a member until the
  // next statement) cannot be returned under row-level security.
  const project = { id: crypto.randomUUID() };
  await tx
    .insert(projects)
    .values({
      id: project.id,
      agencyId,
      name: body.name,
      description: body.description ?? template?.description ?? null,
      companyId: body.companyId ?? null,
      dealId: body.dealId ?? null,
      ownerId,
      createdBy: user.id,
      status: body.status ?? "planejamento",
      startDate: body.startDate ? new Date(body.startDate) : null,
      dueDate: body.dueDate ? new Date(body.dueDate) : null,
      budgetCents: body.budgetCents ?? 0,
      budgetHours: String(body.budgetHours ?? Number(template?.budgetHours ?? 0)),
      hourlyRateCents: body.hourlyRateCents ?? null,
      tags: body.tags ?? [],
    })
    .catch(rethrowDealTaken);
  await tx.insert(projectMembers).values(memberIds.map((userId) => ({ agencyId, projectId: project.id, userId })));
  if (template) {
    const start = body.startDate ? new Date(body.startDate) : now;
    let position: string | null = null;
    for (const item of template.tasks) {
      position = generateKeyBetween(position, null);
      await tx.insert(tasks).values({
        agencyId,
        projectId: project.id,
        title: item.title,
        description: item.description ?? null,
        priority: item.priority,
        position,
        createdBy: user.id,
        dueDate: item.dueInDays == null ? null : new Date(start.getTime() + item.dueInDays * DAY),
      });
    }
  }
  await recordTimelineEvent(tx, {
    agencyId,
    recordType: "project",
    recordId: project.id,
    kind: "created",
    actorId: user.id,
    details: { name: body.name, ...(body.dealId ? { dealId: body.dealId } : {}) },
  });
  return project;
}

export async function assertCompany(tx: Queryable, agencyId: string, companyId: string) {
  const [row] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.agencyId, agencyId), eq(companies.id, companyId), isNull(companies.deletedAt)))
    .limit(1);
  if (!row) throw new AppError("validation_failed", M.companyNotFound);
}

async function findTemplate(tx: Queryable, agencyId: string, templateId: string) {
  const [row] = await tx
    .select()
    .from(projectTemplates)
    .where(and(eq(projectTemplates.agencyId, agencyId), eq(projectTemplates.id, templateId)))
    .limit(1);
  if (!row) throw new AppError("validation_failed", M.templateNotFound);
  return row;
}
