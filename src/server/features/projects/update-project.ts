import { and, eq, notInArray, sql } from "drizzle-orm";
import { datesInOrder, PROJECT_MESSAGES as M, type UpdateProjectBody } from "#domain/schemas/projects.ts";
import type { Queryable } from "../../db/client.ts";
import { projectMembers, projects } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { assertCompany } from "./create-project.ts";
import { assertAgencyMembers, type Caller, iso } from "./delivery-scope.ts";
import { findProjectOr404, type ProjectRow } from "./find-project.ts";

const date = (value: string | null | undefined) => (value === undefined ? undefined : value ? new Date(value) : null);

/** Changes a project's fields; members given replace the list (the owner always stays one). */
export async function updateProject(
  tx: Queryable,
  caller: Caller,
  projectId: string,
  body: UpdateProjectBody,
  now: Date,
) {
  const { agencyId } = caller;
  const current = await findProjectOr404(tx, caller, projectId, { forUpdate: true });
  assertDatesInOrderAfter(current, body);
  if (body.companyId) await assertCompany(tx, agencyId, body.companyId);
  const ownerId = body.ownerId === undefined ? current.owner_id : body.ownerId;
  if (body.ownerId) await assertAgencyMembers(tx, agencyId, [body.ownerId], M.memberNotFound);
  await tx
    .update(projects)
    .set({
      name: body.name,
      description: body.description,
      companyId: body.companyId,
      ownerId: body.ownerId,
      status: body.status,
      startDate: date(body.startDate),
      dueDate: date(body.dueDate),
      budgetCents: body.budgetCents,
      budgetHours: body.budgetHours === undefined ? undefined : String(body.budgetHours),
      hourlyRateCents: body.hourlyRateCents,
      tags: body.tags,
      completedAt: body.status === undefined ? undefined : body.status === "concluido" ? now : null,
      updatedAt: now,
    })
    .where(and(eq(projects.agencyId, agencyId), eq(projects.id, projectId)));
  if (body.memberIds) {
    const keep = [...new Set([...(ownerId ? [ownerId] : []), ...body.memberIds])];
    await assertAgencyMembers(tx, agencyId, keep, M.memberNotFound);
    await tx
      .delete(projectMembers)
      .where(
        and(
          eq(projectMembers.agencyId, agencyId),
          eq(projectMembers.projectId, projectId),
          keep.length ? notInArray(projectMembers.userId, keep) : sql`true`,
        ),
      );
    if (keep.length) {
      await tx
        .insert(projectMembers)
        .values(keep.map((userId) => ({ agencyId, projectId, userId })))
        .onConflictDoNothing();
    }
  } else if (body.ownerId) {
    await tx.insert(projectMembers).values({ agencyId, projectId, userId: body.ownerId }).onConflictDoNothing();
  }
  await recordTimelineEvent(tx, {
    agencyId,
    recordType: "project",
    recordId: projectId,
    kind: body.status && body.status !== current.status ? "status_changed" : "updated",
    actorId: caller.user.id,
    details: body.status && body.status !== current.status ? { from: current.status, to: body.status } : {},
  });
}

/** The dates the project will have (the request's, else the stored ones, read under the row lock) are in order. */
function assertDatesInOrderAfter(current: ProjectRow, body: UpdateProjectBody): void {
  const startDate = body.startDate === undefined ? iso(current.start_date) : body.startDate;
  const dueDate = body.dueDate === undefined ? iso(current.due_date) : body.dueDate;
  if (!datesInOrder({ startDate, dueDate })) throw new AppError("validation_failed", M.dueBeforeStart);
}
