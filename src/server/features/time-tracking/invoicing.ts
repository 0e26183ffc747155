import { sql } from "drizzle-orm";
import { type Queryable, queryRows } from "../../db/client.ts";
import { uuidList } from "../projects/delivery-scope.ts";

export type UninvoicedTime = {
  id: string;
  userId: string;
  taskId: string | null;
  taskTitle: string | null;
  description: string | null;
  startedAt: string;
  endedAt: string;
  seconds: number;
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
    task_title: string | null;
    description: string | null;
    started_at: Date | string;
    ended_at: Date | string;
    seconds: number;
    rate_cents: string;
    amount_cents: string;
  }>(
    tx,
    sql`SELECT e.id, e.user_id, e.task_id, t.title AS task_title, e.description, e.started_at, e.ended_at,
          extract(epoch FROM e.ended_at - e.started_at)::int AS seconds, e.rate_cents::text,
          round(extract(epoch FROM e.ended_at - e.started_at) / 3600 * e.rate_cents)::bigint::text AS amount_cents
        FROM time_entries e
        LEFT JOIN tasks t ON t.agency_id = e.agency_id AND t.id = e.task_id
        WHERE e.agency_id = ${agencyId} AND e.project_id = ${projectId} AND e.billable AND e.approved_at IS NOT NULL
          AND e.invoice_id IS NULL AND e.ended_at IS NOT NULL
        ORDER BY e.started_at, e.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    taskId: r.task_id,
    taskTitle: r.task_title,
    description: r.description,
    startedAt: new Date(r.started_at).toISOString(),
    endedAt: new Date(r.ended_at).toISOString(),
    seconds: r.seconds,
    minutes: Math.round(r.seconds / 60),
    rateCents: Number(r.rate_cents),
    amountCents: Number(r.amount_cents),
  }));
}

/** Gives a cancelled invoice's hours back, so the invoice that replaces it can take them. */
export async function releaseInvoicedTime(tx: Queryable, agencyId: string, invoiceId: string): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE time_entries SET invoice_id = NULL, updated_at = now()
        WHERE agency_id = ${agencyId} AND invoice_id = ${invoiceId}
        RETURNING id`,
  );
  return rows.length;
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
