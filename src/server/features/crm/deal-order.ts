import { and, asc, desc, eq, isNull, ne, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { generateKeyBetween, generateNKeysBetween } from "fractional-indexing";
import type { Tx } from "../../db/client.ts";
import { leads } from "../../db/schema.ts";
import type { CrmContext } from "./crm-context.ts";
import { dealScope } from "./deal-row.ts";

type Neighbour = { position: string; id: string };

/**
 * The order key placing a deal right after `afterId` in a stage (first when null), computed
 * from the neighbours' keys: no other card is renumbered. Moves into one stage queue on a
 * transaction lock so two of them never take the same key; callers take it as late as they
 * can (lockStageOrder), since it is held until their commit.
 */
export async function orderKeyIn(
  tx: Tx,
  ctx: CrmContext,
  stageId: string,
  afterId: string | null | "last",
  movingId: string | null,
): Promise<string> {
  await lockStageOrder(tx, stageId);
  const inStage = and(
    dealScope(ctx),
    eq(leads.stageId, stageId),
    isNull(leads.deletedAt),
    movingId ? ne(leads.id, movingId) : undefined,
  ) as SQL;
  if (afterId === "last") return generateKeyBetween((await edgeOf(tx, inStage, "last"))?.position ?? null, null);
  const found = afterId ? await afterAndNext(tx, inStage, afterId) : null;
  // No card to follow (first, or one the caller cannot see any more): the deal goes first.
  const before = found?.before ?? null;
  const next = before ? found?.next : await edgeOf(tx, inStage, "first");
  return keyBetween(before?.position ?? null, next?.position ?? null);
}

/** The bounds to place a key between (null: no card on that side). */
function boundsOf(a: string | null, b: string | null): [string | null, string | null] {
  // Equal neighbours (written by an older version or a hidden card): place after the first.
  return a !== null && b !== null && a >= b ? [a, null] : [a, b];
}

/** The key between two neighbours' keys (null: no card on that side). */
export function keyBetween(a: string | null, b: string | null): string {
  return generateKeyBetween(...boundsOf(a, b));
}

/** How many keys spreadKeyBetween picks among. */
const SPREAD = 32;

/**
 * A key between two neighbours' keys, one of 32 picked at random: moves that read the same
 * neighbours at once (cards dropped at the top of a column) take distinct keys, so they need not
 * queue to read and write (see move-deal.ts).
 */
export function spreadKeyBetween(a: string | null, b: string | null): string {
  const [low, high] = boundsOf(a, b);
  const keys = generateNKeysBetween(low, high, SPREAD);
  return keys[Math.floor(Math.random() * keys.length)];
}

/** The name of a stage's order lock (pg_advisory_xact_lock of its hashtextextended). */
export const stageOrderLockName = (stageId: string) => `deal-order:${stageId}`;

/** The stage's order lock, held until the transaction ends. */
async function lockStageOrder(tx: Tx, stageId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${stageOrderLockName(stageId)}, 0))`);
}

const inOrder = [asc(leads.position), asc(leads.id)];

/** The stage's first or last card. */
async function edgeOf(tx: Tx, inStage: SQL, edge: "first" | "last"): Promise<Neighbour | null> {
  const [row] = await tx
    .select({ position: leads.position, id: leads.id })
    .from(leads)
    .where(inStage)
    .orderBy(...(edge === "first" ? inOrder : [desc(leads.position), desc(leads.id)]))
    .limit(1);
  return row ?? null;
}

/**
 * The card to follow and the one after it, in one statement (each was a round trip of its own,
 * under the stage's lock): the first branch reads `afterId`, the second the next card in order.
 */
async function afterAndNext(
  tx: Tx,
  inStage: SQL,
  afterId: string,
): Promise<{ before: Neighbour | null; next: Neighbour | null }> {
  const cards = () => tx.select({ position: leads.position, id: leads.id }).from(leads);
  const afterKey = tx
    .select({ position: sql`${leads.position} COLLATE "C"`, id: leads.id })
    .from(leads)
    .where(and(inStage, eq(leads.id, afterId)));
  const rows = await unionAll(
    cards().where(and(inStage, eq(leads.id, afterId))),
    cards()
      .where(and(inStage, sql`(${leads.position}, ${leads.id}) > (${afterKey})`))
      .orderBy(...inOrder)
      .limit(1),
  );
  return {
    before: rows.find((row) => row.id === afterId) ?? null,
    next: rows.find((row) => row.id !== afterId) ?? null,
  };
}
