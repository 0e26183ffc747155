import { and, asc, count, eq, isNull } from "drizzle-orm";
import { type Pipeline, PIPELINE_MESSAGES } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { leads, pipelines } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { CrmContext } from "./crm-context.ts";
import { listPipelines } from "./list-pipelines.ts";

/**
 * The agency's pipelines, locked until the transaction ends, in board order. Every change to
 * pipelines or stages takes this lock first, so two of them (two stages added at once, a delete
 * racing a reorder) run one after the other and never read a stale list. A delete locks "for
 * update", which also waits for deals being written into the pipeline (their foreign key takes a
 * key-share lock) and holds new ones back until it ends: its count of live deals is never stale.
 */
export async function lockPipelines(
  tx: Tx,
  ctx: CrmContext,
  mode: "update" | "no key update" = "no key update",
): Promise<{ id: string; name: string }[]> {
  return tx
    .select({ id: pipelines.id, name: pipelines.name })
    .from(pipelines)
    .where(eq(pipelines.agencyId, ctx.agencyId))
    .orderBy(asc(pipelines.position), asc(pipelines.id))
    .for(mode);
}

/** One of the agency's pipelines, with its ordered stages (404 otherwise). */
export async function pipelineOf(tx: Tx, ctx: CrmContext, id: string): Promise<Pipeline> {
  const found = (await listPipelines(tx, ctx.agencyId)).find((p) => p.id === id);
  if (!found) throw new AppError("not_found", PIPELINE_MESSAGES.pipelineNotFound);
  return found;
}

/**
 * Live (not deleted) deals matching `where`, of every owner: pipeline managers reach all of the
 * agency's deals (assertManagesPipelines), so row-level security hides none of them.
 */
export async function liveDeals(tx: Tx, ctx: CrmContext, where: ReturnType<typeof eq>): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(leads)
    .where(and(eq(leads.agencyId, ctx.agencyId), where, isNull(leads.deletedAt)));
  return row?.n ?? 0;
}

/** True when a database error (possibly wrapped by the driver layer) is a foreign key violation. */
export function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === "23503") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
