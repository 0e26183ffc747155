import type { Queryable } from "../../db/client.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { createProject } from "./create-project.ts";
import type { Caller } from "./delivery-scope.ts";
import { findWonDeal } from "./find-won-deal.ts";

/** One click from a won deal: client company, value and owner carried over, the deal linked. */
export async function createProjectFromDeal(tx: Queryable, caller: Caller, dealId: string, now: Date) {
  const deal = await findWonDeal(tx, caller.agencyId, dealId);
  const project = await createProject(
    tx,
    caller,
    {
      name: deal.name,
      companyId: deal.companyId,
      ownerId: deal.ownerId ?? caller.user.id,
      budgetCents: deal.valueCents,
      status: "planejamento",
      startDate: now.toISOString(),
      dealId: deal.id,
    },
    now,
  );
  await recordTimelineEvent(tx, {
    agencyId: caller.agencyId,
    recordType: "deal",
    recordId: deal.id,
    kind: "project_created",
    actorId: caller.user.id,
    details: { projectId: project.id },
  });
  return project;
}
