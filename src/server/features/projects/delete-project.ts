import { and, eq, sql } from "drizzle-orm";
import { PROJECT_MESSAGES as M } from "#domain/schemas/projects.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { projects, tasks } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import type { Caller } from "./delivery-scope.ts";
import { findProjectOr404 } from "./find-project.ts";

/**
 * Deletes a project. One with time entries is only deleted when confirmed, and then softly: it
 * leaves the lists, its tasks go, its entries (and the reports and invoices built on them) stay.
 */
export async function deleteProject(tx: Queryable, caller: Caller, projectId: string, confirmed: boolean, now: Date) {
  const { agencyId } = caller;
  await findProjectOr404(tx, caller, projectId, { forUpdate: true });
  const [{ n }] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM time_entries WHERE agency_id = ${agencyId} AND project_id = ${projectId}`,
  );
  if (n > 0 && !confirmed) throw new AppError("conflict", M.hasTimeEntries(n), { timeEntries: n });
  await tx.delete(tasks).where(and(eq(tasks.agencyId, agencyId), eq(tasks.projectId, projectId)));
  if (n > 0) {
    await tx
      .update(projects)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(projects.agencyId, agencyId), eq(projects.id, projectId)));
  } else {
    await tx.delete(projects).where(and(eq(projects.agencyId, agencyId), eq(projects.id, projectId)));
  }
  await recordTimelineEvent(tx, {
    agencyId,
    recordType: "project",
    recordId: projectId,
    kind: "deleted",
    actorId: caller.user.id,
    details: { keptTimeEntries: n },
  });
}
