import { and, asc, eq, sql } from "drizzle-orm";
import { weightedCents } from "#domain/crm/money.ts";
import { CRM_MESSAGES, type Board, type DealListQuery } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { leads, pipelineStages } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { CrmContext } from "./crm-context.ts";
import { dealsFrom, toDeal } from "./deal-row.ts";
import { decodeCursor, encodeCursor } from "./keyset.ts";
import { dealFilter, notLost } from "./list-deals.ts";
import { listPipelines } from "./list-pipelines.ts";

export const BOARD_PAGE = 50;

/**
 * A pipeline's board: every column's first 50 cards in order, its count and total in centavos,
 * and the weighted forecast of the open deals (value × the stage's win probability).
 */
export async function loadBoard(tx: Tx, ctx: CrmContext, query: DealListQuery): Promise<Board> {
  const pipelines = await listPipelines(tx, ctx.agencyId);
  const pipeline = query.pipelineId ? pipelines.find((p) => p.id === query.pipelineId) : pipelines[0];
  if (!pipeline) throw new AppError("not_found", CRM_MESSAGES.stageNotFound);
  const filter = and(dealFilter(ctx, { ...query, pipelineId: pipeline.id }), query.outcome ? undefined : notLost);
  const totals = await tx
    .select({
      stageId: leads.stageId,
      count: sql<number>`count(*)::int`,
      totalCents: sql<string>`coalesce(sum(${leads.valueCents}), 0)::text`,
      openCents: sql<string>`coalesce(sum(${leads.valueCents}) filter (where ${leads.outcome} = 'open'), 0)::text`,
    })
    .from(leads)
    .where(filter)
    .groupBy(leads.stageId);
  const columns = [];
  let forecastCents = 0;
  let openTotalCents = 0;
  for (const stage of pipeline.stages) {
    const total = totals.find((t) => t.stageId === stage.id);
    const cards = await dealsFrom(tx)
      .where(and(filter, eq(leads.stageId, stage.id)))
      .orderBy(asc(leads.position), asc(leads.id))
      .limit(BOARD_PAGE + 1);
    const deals = cards.slice(0, BOARD_PAGE).map(toDeal);
    const last = deals.at(-1);
    forecastCents += weightedCents(Number(total?.openCents ?? 0), stage.winProbability);
    openTotalCents += Number(total?.openCents ?? 0);
    columns.push({
      stageId: stage.id,
      count: total?.count ?? 0,
      totalCents: Number(total?.totalCents ?? 0),
      deals,
      nextCursor: cards.length > BOARD_PAGE && last ? encodeCursor(last.position, last.id) : null,
    });
  }
  return { pipeline, columns, forecastCents, openTotalCents };
}

/** The next cards of one column after a board cursor. */
export async function loadColumnPage(
  tx: Tx,
  ctx: CrmContext,
  stageId: string,
  cursor: string | undefined,
  query: DealListQuery,
) {
  // A stage of another agency (or none) is not found, not an empty column (never reveal it exists).
  const [stage] = await tx
    .select({ id: pipelineStages.id })
    .from(pipelineStages)
    .where(and(eq(pipelineStages.id, stageId), eq(pipelineStages.agencyId, ctx.agencyId)))
    .limit(1);
  if (!stage) throw new AppError("not_found", CRM_MESSAGES.stageNotFound);
  const decoded = decodeCursor(cursor);
  const after = decoded
    ? sql`(${leads.position}, ${leads.id}) > (${String(decoded[0])} COLLATE "C", ${decoded[1]})`
    : undefined;
  const cards = await dealsFrom(tx)
    .where(and(dealFilter(ctx, { ...query, stageId }), query.outcome ? undefined : notLost, after))
    .orderBy(asc(leads.position), asc(leads.id))
    .limit(BOARD_PAGE + 1);
  const deals = cards.slice(0, BOARD_PAGE).map(toDeal);
  const last = deals.at(-1);
  return { deals, nextCursor: cards.length > BOARD_PAGE && last ? encodeCursor(last.position, last.id) : null };
}
