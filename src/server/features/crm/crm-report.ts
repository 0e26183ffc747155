import { sql } from "drizzle-orm";
import type { CrmReport } from "#domain/schemas/crm.ts";
import { queryRows, type Tx } from "../../db/client.ts";
import type { CrmContext } from "./crm-context.ts";

/**
 * Conversion, win rate, averages, pipeline by stage and owner, new contacts per month in a period.
 * What each figure counts (the report page says it too):
 * - per stage of the first pipeline and per owner (all pipelines), open deals only, today, as the
 *   board counts them (a won or lost deal has left the funnel);
 * - "reached": deals created in the period whose current stage is this one or a later one,
 *   whatever their outcome (the cohort the conversion between stages is computed from);
 * - won, lost, win rate, average ticket and cycle: deals closed in the period.
 */
export async function crmReport(tx: Tx, ctx: CrmContext, from: string, to: string): Promise<CrmReport> {
  const own = ctx.scope === "own" ? sql`AND d.owner_id = ${ctx.user.id}` : sql``;
  const ownContacts = ctx.scope === "own" ? sql`AND c.owner_id = ${ctx.user.id}` : sql``;
  const period = sql`d.created_at >= ${from}::date AND d.created_at < (${to}::date + 1)`;
  const [pipeline] = await queryRows<{ id: string; name: string }>(
    tx,
    sql`SELECT id, name FROM pipelines WHERE agency_id = ${ctx.agencyId} ORDER BY position, id LIMIT 1`,
  );
  const stages = await queryRows<{
    stage_id: string;
    name: string;
    position: number;
    open_count: number;
    open_cents: string;
    reached: number;
  }>(
    tx,
    sql`SELECT s.id AS stage_id, s.name, s.position,
        (SELECT count(*)::int FROM leads d WHERE d.agency_id = ${ctx.agencyId} AND d.stage_id = s.id AND d.outcome = 'open' AND d.deleted_at IS NULL ${own}) AS open_count,
        (SELECT coalesce(sum(d.value_cents), 0)::text FROM leads d WHERE d.agency_id = ${ctx.agencyId} AND d.stage_id = s.id AND d.outcome = 'open' AND d.deleted_at IS NULL ${own}) AS open_cents,
        (SELECT count(*)::int FROM leads d JOIN pipeline_stages cur ON cur.id = d.stage_id
           WHERE d.agency_id = ${ctx.agencyId} AND d.deleted_at IS NULL AND d.pipeline_id = s.pipeline_id AND cur.position >= s.position AND ${period} ${own}) AS reached
      FROM pipeline_stages s
      WHERE s.agency_id = ${ctx.agencyId}
        AND s.pipeline_id = ${pipeline?.id ?? null}
      ORDER BY s.position`,
  );
  const owners = await queryRows<{
    owner_id: string | null;
    owner_name: string | null;
    open_count: number;
    open_cents: string;
  }>(
    tx,
    sql`SELECT d.owner_id, nullif(trim(p.first_name || ' ' || p.last_name), '') AS owner_name, count(*)::int AS open_count,
        coalesce(sum(d.value_cents), 0)::text AS open_cents
      FROM leads d LEFT JOIN profiles p ON p.id = d.owner_id
      WHERE d.agency_id = ${ctx.agencyId} AND d.outcome = 'open' AND d.deleted_at IS NULL ${own}
      GROUP BY d.owner_id, p.first_name, p.last_name ORDER BY 4 DESC`,
  );
  const [closed] = await queryRows<{ won: number; lost: number; avg_won: string | null; avg_days: string | null }>(
    tx,
    sql`SELECT count(*) FILTER (WHERE d.outcome = 'won')::int AS won, count(*) FILTER (WHERE d.outcome = 'lost')::int AS lost,
        round(avg(d.value_cents) FILTER (WHERE d.outcome = 'won'))::text AS avg_won,
        round(avg(extract(epoch FROM d.closed_at - d.created_at) / 86400) FILTER (WHERE d.outcome = 'won'), 1)::text AS avg_days
      FROM leads d
      WHERE d.agency_id = ${ctx.agencyId} AND d.deleted_at IS NULL AND d.closed_at >= ${from}::date AND d.closed_at < (${to}::date + 1) ${own}`,
  );
  const months = await queryRows<{ month: string; count: number }>(
    tx,
    sql`SELECT to_char(date_trunc('month', c.created_at), 'YYYY-MM') AS month, count(*)::int AS count
      FROM customers c
      WHERE c.agency_id = ${ctx.agencyId} AND c.deleted_at IS NULL AND c.created_at >= ${from}::date AND c.created_at < (${to}::date + 1) ${ownContacts}
      GROUP BY 1 ORDER BY 1`,
  );
  const decided = closed.won + closed.lost;
  return {
    pipelineName: pipeline?.name ?? null,
    stages: stages.map((s, i) => ({
      stageId: s.stage_id,
      name: s.name,
      openCount: s.open_count,
      openCents: Number(s.open_cents),
      reached: s.reached,
      conversionPct:
        i === 0 || !stages[i - 1].reached ? null : Math.round((s.reached / stages[i - 1].reached) * 1000) / 10,
    })),
    owners: owners.map((o) => ({
      ownerId: o.owner_id,
      ownerName: o.owner_name ?? "Sem responsável",
      openCount: o.open_count,
      openCents: Number(o.open_cents),
    })),
    won: closed.won,
    lost: closed.lost,
    winRatePct: decided ? Math.round((closed.won / decided) * 1000) / 10 : null,
    averageWonCents: closed.avg_won === null ? null : Number(closed.avg_won),
    averageCycleDays: closed.avg_days === null ? null : Number(closed.avg_days),
    newContactsByMonth: months,
  };
}
