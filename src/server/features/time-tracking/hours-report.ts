import { sql } from "drizzle-orm";
import type { HoursReport, ReportQuery } from "#domain/schemas/time-entries.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import type { Caller } from "../projects/delivery-scope.ts";

/**
 * Hours between two dates (agency timezone, inclusive) by project, client or person, with
 * the billable amount and, by project, the budget burnt. Scope "own": the caller's time only.
 */
export async function hoursReport(tx: Queryable, caller: Caller, query: ReportQuery): Promise<HoursReport> {
  const [agency] = await queryRows<{ timezone: string }>(
    tx,
    sql`SELECT timezone FROM agencies WHERE id = ${caller.agencyId}`,
  );
  const tz = agency?.timezone ?? "America/Sao_Paulo";
  // Entries are summed per project (per person when grouped by person) straight from the
  // covering index, then the few sums meet their project, client or person: a large agency's
  // month is tens of thousands of entries (bench: delivery).
  const byPerson = query.groupBy === "person";
  const key = { project: sql`p.id::text`, client: sql`coalesce(co.id::text, '')`, person: sql`x.id::text` }[
    query.groupBy
  ];
  const label = {
    project: sql`min(p.name)`,
    client: sql`coalesce(min(co.name), 'Sem cliente')`,
    person: sql`min(coalesce(nullif(trim(pr.first_name || ' ' || pr.last_name), ''), pr.email))`,
  }[query.groupBy];
  const budget =
    query.groupBy === "project"
      ? sql`min(p.budget_hours)::float8 AS budget_hours, min(p.budget_cents)::float8 AS budget_cents`
      : sql`NULL::float8 AS budget_hours, NULL::float8 AS budget_cents`;
  const joins = byPerson
    ? sql`LEFT JOIN profiles pr ON pr.id = x.id AND pr.agency_id = ${caller.agencyId}`
    : sql`JOIN projects p ON p.agency_id = ${caller.agencyId} AND p.id = x.id
          LEFT JOIN companies co ON co.id = p.company_id AND co.agency_id = p.agency_id`;
  const rows = await queryRows<{
    key: string;
    label: string;
    minutes: number;
    billable_minutes: number;
    amount_cents: string;
    budget_hours: number | null;
    budget_cents: number | null;
  }>(
    tx,
    sql`WITH x AS (
          SELECT ${byPerson ? sql`e.user_id` : sql`e.project_id`} AS id,
            -- Intervals are summed (cheap) and turned into seconds once per group, not per entry.
            extract(epoch FROM sum(e.ended_at - e.started_at)) AS seconds,
            coalesce(extract(epoch FROM sum(e.ended_at - e.started_at) FILTER (WHERE e.billable)), 0) AS billable_seconds,
            coalesce(extract(epoch FROM sum((e.ended_at - e.started_at) * e.rate_cents) FILTER (WHERE e.billable)) / 3600, 0) AS amount
          FROM time_entries e
          WHERE e.agency_id = ${caller.agencyId} AND e.ended_at IS NOT NULL
            AND e.started_at >= (${query.from}::date::timestamp AT TIME ZONE ${tz})
            AND e.started_at < ((${query.to}::date + 1)::timestamp AT TIME ZONE ${tz})
            AND ${caller.scope === "all" ? sql`true` : sql`e.user_id = ${caller.user.id}`}
          GROUP BY 1
        )
        SELECT ${key} AS key, ${label} AS label,
          round(sum(x.seconds) / 60)::int AS minutes,
          round(sum(x.billable_seconds) / 60)::int AS billable_minutes,
          round(sum(x.amount))::text AS amount_cents,
          ${budget}
        FROM x ${joins}
        GROUP BY 1 ORDER BY 3 DESC, 1 LIMIT 500`,
  );
  return {
    groupBy: query.groupBy,
    rows: rows.map((r) => ({
      key: r.key,
      label: r.label,
      minutes: r.minutes,
      billableMinutes: r.billable_minutes,
      amountCents: Number(r.amount_cents),
      budgetHours: r.budget_hours === null ? null : Number(r.budget_hours),
      budgetCents: r.budget_cents === null ? null : Number(r.budget_cents),
    })),
  };
}
