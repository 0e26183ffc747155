import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { weightedCents } from "#domain/crm/money.ts";
import { CRM_MESSAGES, type Board, type DealListQuery } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { pageWithCursor } from "../../db/keyset-cursor.ts";
import { leads, pipelineStages } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { CrmContext } from "./crm-context.ts";
import { dealsFrom, toDeal } from "./deal-row.ts";
import { decodeCursor, encodeCursor } from "./keyset.ts";
import { dealFilter } from "./list-deals.ts";
import { listPipelines } from "./list-pipelines.ts";

export const BOARD_PAGE = 50;

/** A card's place in its column as a board cursor. */
const byPosition = (card: { position: string; id: string }) => encodeCursor(card.position, card.id);

/**
 * The board shows the open funnel: a deal won or lost leaves it (Pipedrive, RD Station), unless
 * the caller asks for `outcome=won` or `outcome=lost`. Cards, counts, totals, "Em aberto" and the
 * forecast are all read from this one set (decision 014, amendment).
 */
const boardOutcome = (query: DealListQuery) => query.outcome ?? "open";

/**
 * A pipeline's board: every column's first 50 cards in order, its count and total in centavos,
 * the total of its open deals and their weighted forecast (value × the stage's win probability).
 */
export async function loadBoard(tx: Tx, ctx: CrmContext, query: DealListQuery): Promise<Board> {
  const pipelines = await listPipelines(tx, ctx.agencyId);
  const pipeline = query.pipelineId ? pipelines.find((p) => p.id === query.pipelineId) : pipelines[0];
  if (!pipeline) throw new AppError("not_found", CRM_MESSAGES.stageNotFound);
  const filter = dealFilter(ctx, { ...query, pipelineId: pipeline.id, outcome: boardOutcome(query) });
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
  const cardsByStage = await firstCards(
    tx,
    pipeline.stages.map((stage) => stage.id),
    filter,
  );
  const columns = [];
  let forecastCents = 0;
  let openTotalCents = 0;
  for (const stage of pipeline.stages) {
    const total = totals.find((t) => t.stageId === stage.id);
    const cards = cardsByStage.get(stage.id) ?? [];
    const { page, nextCursor } = pageWithCursor(cards, BOARD_PAGE, byPosition);
    forecastCents += weightedCents(Number(total?.openCents ?? 0), stage.winProbability);
    openTotalCents += Number(total?.openCents ?? 0);
    columns.push({
      stageId: stage.id,
      count: total?.count ?? 0,
      totalCents: Number(total?.totalCents ?? 0),
      deals: page.map(toDeal),
      nextCursor,
    });
  }
  return { pipeline, columns, forecastCents, openTotalCents };
}

type CardRow = Awaited<ReturnType<ReturnType<typeof dealsFrom>["execute"]>>[number];

/** Board order: the order key byte by byte (its index's "C" collation), then the id. */
const inBoardOrder = (a: CardRow, b: CardRow) =>
  a.position === b.position ? (a.id < b.id ? -1 : 1) : a.position < b.position ? -1 : 1;

/**
 * Each stage's first BOARD_PAGE + 1 cards (one more tells whether a next page exists), in board
 * order, in one statement: a UNION ALL of one ordered, limited branch per stage, each walking the
 * board index. One statement instead of one per column saved a round trip and a planning each.
 */
async function firstCards(tx: Tx, stageIds: string[], filter: SQL | undefined): Promise<Map<string, CardRow[]>> {
  const branches = stageIds.map((stageId) =>
    dealsFrom(tx)
      .where(and(filter, eq(leads.stageId, stageId)))
      .orderBy(asc(leads.position), asc(leads.id))
      .limit(BOARD_PAGE + 1),
  );
  const [first, second, ...rest] = branches;
  const rows = !first ? [] : !second ? await first : await unionAll(first, second, ...rest);
  const byStage = new Map<string, CardRow[]>();
  for (const row of rows) {
    const cards = byStage.get(row.stageId) ?? [];
    cards.push(row);
    byStage.set(row.stageId, cards);
  }
  for (const cards of byStage.values()) cards.sort(inBoardOrder);
  return byStage;
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
  const { rows, nextCursor } = await columnCards(
    tx,
    dealFilter(ctx, { ...query, stageId, outcome: boardOutcome(query) }),
    cursor,
    BOARD_PAGE,
  );
  return { deals: rows, nextCursor };
}

/**
 * One keyset page of a column in board order (the order key, then the id) after a board cursor:
 * the cards `filter` lets through (it names the stage), `limit` of them.
 */
export async function columnCards(tx: Tx, filter: SQL | undefined, cursor: string | undefined, limit: number) {
  const decoded = decodeCursor(cursor);
  const after = decoded
    ? sql`(${leads.position}, ${leads.id}) > (${String(decoded[0])} COLLATE "C", ${decoded[1]})`
    : undefined;
  const cards = await dealsFrom(tx)
    .where(and(filter, after))
    .orderBy(asc(leads.position), asc(leads.id))
    .limit(limit + 1);
  const { page, nextCursor } = pageWithCursor(cards, limit, byPosition);
  return { rows: page.map(toDeal), nextCursor };
}
