import { and, asc, eq } from "drizzle-orm";
import { CRM_MESSAGES } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { pipelineStages, pipelines } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";

export type StageRef = { id: string; pipelineId: string; name: string };

/** A stage of the agency (404 otherwise); without an id, the first stage of the first pipeline. */
export async function stageOf(tx: Tx, agencyId: string, stageId: string | undefined): Promise<StageRef> {
  const [row] = await tx
    .select({ id: pipelineStages.id, pipelineId: pipelineStages.pipelineId, name: pipelineStages.name })
    .from(pipelineStages)
    .innerJoin(pipelines, eq(pipelines.id, pipelineStages.pipelineId))
    .where(and(eq(pipelineStages.agencyId, agencyId), stageId ? eq(pipelineStages.id, stageId) : undefined))
    .orderBy(asc(pipelines.position), asc(pipelines.id), asc(pipelineStages.position))
    .limit(1);
  if (!row) throw new AppError("not_found", CRM_MESSAGES.stageNotFound);
  return row;
}
