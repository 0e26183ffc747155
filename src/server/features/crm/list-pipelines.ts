import { and, asc, eq } from "drizzle-orm";
import type { Pipeline } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { pipelineStages, pipelines } from "../../db/schema.ts";

/** The agency's pipelines, each with its ordered stages. */
export async function listPipelines(tx: Tx, agencyId: string): Promise<Pipeline[]> {
  const rows = await tx
    .select({
      pipelineId: pipelines.id,
      pipelineName: pipelines.name,
      id: pipelineStages.id,
      name: pipelineStages.name,
      color: pipelineStages.color,
      winProbability: pipelineStages.winProbability,
      position: pipelineStages.position,
    })
    .from(pipelines)
    // The stages' own agency predicate lets the join walk pipeline_stages_agency_pipeline_idx
    // (agency_id, pipeline_id, position); joined on pipeline_id alone it scanned every agency's
    // stages, since the row policy's OR (super admin) is no index condition.
    .innerJoin(pipelineStages, and(eq(pipelineStages.agencyId, agencyId), eq(pipelineStages.pipelineId, pipelines.id)))
    .where(eq(pipelines.agencyId, agencyId))
    .orderBy(asc(pipelines.position), asc(pipelines.id), asc(pipelineStages.position));
  const out: Pipeline[] = [];
  for (const { pipelineId, pipelineName, ...stage } of rows) {
    let pipeline = out.find((p) => p.id === pipelineId);
    if (!pipeline) {
      pipeline = { id: pipelineId, name: pipelineName, stages: [] };
      out.push(pipeline);
    }
    pipeline.stages.push(stage);
  }
  return out;
}
