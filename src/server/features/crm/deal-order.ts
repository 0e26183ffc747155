import { and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { generateKeyBetween } from "fractional-indexing";
import type { Tx } from "../../db/client.ts";
import { leads } from "../../db/schema.ts";
import type { CrmContext } from "./crm-context.ts";
import { dealScope } from "./deal-row.ts";

/**
 * The order key placing a deal right after `afterId` in a stage (first when null), computed
 * from the neighbours' keys: no other card is renumbered. Moves into one stage queue on a
 * transaction lock so two of them never take the same key.
 */
export async function orderKeyIn(
  tx: Tx,
  ctx: CrmContext,
  stageId: string,
  afterId: string | null | "last",
  movingId: string | null,
): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`deal-order:${stageId}`}, 0))`);
  const inStage = and(
    dealScope(ctx),
    eq(leads.stageId, stageId),
    isNull(leads.deletedAt),
    movingId ? ne(leads.id, movingId) : undefined,
  );
  const keyOf = async (where: ReturnType<typeof and>, last = false) => {
    const [row] = await tx
      .select({ position: leads.position, id: leads.id })
      .from(leads)
      .where(where)
      .orderBy(last ? desc(leads.position) : asc(leads.position), last ? desc(leads.id) : asc(leads.id))
      .limit(1);
    return row ?? null;
  };
  if (afterId === "last") {
    const lastRow = await keyOf(inStage, true);
    return generateKeyBetween(lastRow?.position ?? null, null);
  }
  const before = afterId ? await keyOf(and(inStage, eq(leads.id, afterId))) : null;
  const next = before
    ? await keyOf(and(inStage, sql`(${leads.position}, ${leads.id}) > (${before.position} COLLATE "C", ${before.id})`))
    : await keyOf(inStage);
  const a = before?.position ?? null;
  const b = next?.position ?? null;
  // Equal neighbours (written by an older version or a hidden card): place after the first.
  if (a !== null && b !== null && a >= b) return generateKeyBetween(a, null);
  return generateKeyBetween(a, b);
}
