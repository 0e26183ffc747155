import { sql } from "drizzle-orm";
import { type Queryable, queryRows } from "../../db/client.ts";
import { uuidList } from "../projects/delivery-scope.ts";

export type UninvoicedTime = {
  id: string;
  userId: string;
  taskId: string | null;
  description: string | null;
  startedAt: string;
  endedAt: string;
  minutes: number;
  rateCents: number;
  /** minutes / 60 × rate, rounded to the centavo. */
  amountCents: number;
};

/**
 * For finance (issue 18): the project's billable, approved, finished entries no invoice has taken
 * yet, oldest first. Runs in the caller's tenant transaction.
 */
export async function listUninvoicedApprovedTime(
  tx: Queryable,
  agencyId: string,
  projectId: string,
): Promise<UninvoicedTime[]> {
  const rows = await queryRows<{
    id: string;
    user_id: string;
    task_id: string | null;
    description: string | null;
    started_at: Date | string;
    ended_at: Date | string;
    seconds: number;
    rate_cents: string;
    amount_cents: string;
  }>(
    tx,
    sql`SELECT id, user_id, task_id, description, started_at, ended_at,
          extract(epoch FROM ended_at - started_at)::int AS seconds, rate_cents::text,
          round(extract(epoch FROM ended_at - started_at) / 3600 * rate_cents)::bigint::text AS amount_cents
        FROM time_entries
        WHERE agency_id = ${agencyId} AND project_id = ${projectId} AND billable AND approved_at IS NOT NULL
          AND invoice_id IS NULL AND ended_at IS NOT NULL
        ORDER BY started_at, id`,
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    taskId: r.task_id,
    description: r.description,
    startedAt: new Date(r.started_at).toISOString(),
    endedAt: new Date(r.ended_at).toISOString(),
    minutes: Math.round(r.seconds / 60),
    rateCents: Number(r.rate_cents),
    amountCents: Number(r.amount_cents),
  }));
}

/**
 * Marks entries as taken by an invoice; only billable, approved, not-yet-invoiced ones change
 * (an entry is never invoiced twice). Returns the ids marked. From then on their period is locked.
 */
export async function markTimeInvoiced(
  tx: Queryable,
  entryIds: readonly string[],
  invoiceId: string,
): Promise<string[]> {
  if (entryIds.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE time_entries SET invoice_id = ${invoiceId}, updated_at = now()
        WHERE id IN (${uuidList(entryIds)}) AND billable AND approved_at IS NOT NULL AND invoice_id IS NULL
          AND ended_at IS NOT NULL
        RETURNING id`,
  );
  return rows.map((r) => r.id);
}
