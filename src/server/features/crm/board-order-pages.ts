import { and, eq } from "drizzle-orm";
import type { Deal, DealListQuery } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { leads } from "../../db/schema.ts";
import type { CrmContext } from "./crm-context.ts";
import { keysetPages } from "./export-pages.ts";
import { dealFilter } from "./list-deals.ts";
import { listPipelines } from "./list-pipelines.ts";
import { columnCards } from "./load-board.ts";

/**
 * The stages in board order: left to right by position (the chosen pipeline's, or every pipeline's
 * in the pipelines' order when none is chosen; a stable sort keeps that order between equal positions).
 */
async function stagesInBoardOrder(tx: Tx, ctx: CrmContext, pipelineId: string | undefined): Promise<string[]> {
  const pipelines = (await listPipelines(tx, ctx.agencyId)).filter((p) => !pipelineId || p.id === pipelineId);
  return pipelines
    .flatMap((p) => p.stages)
    .sort((a, b) => a.position - b.position)
    .map((stage) => stage.id);
}

/** The filtered deals in board order (each column top to bottom, the columns left to right), `pageRows` a page. */
export async function* dealPagesInBoardOrder(
  tx: Tx,
  ctx: CrmContext,
  filters: Omit<DealListQuery, "cursor" | "limit">,
  pageRows: number,
): AsyncGenerator<Deal[]> {
  const filter = dealFilter(ctx, filters);
  for (const stageId of await stagesInBoardOrder(tx, ctx, filters.pipelineId)) {
    yield* keysetPages((cursor) => columnCards(tx, and(filter, eq(leads.stageId, stageId)), cursor, pageRows));
  }
}
