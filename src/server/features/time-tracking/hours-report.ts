import { type SQL, sql } from "drizzle-orm";
import type { HoursReport, ReportQuery } from "#domain/schemas/time-entries.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import type { Caller } from "../projects/delivery-scope.ts";

type ReportRow = {
  key: string;
  label: string;
  minutes: number;
  billable_minutes: number;
  amount_cents: string;
  budget_hours: number | null;
  budget_cents: number | null;
};

/**
 * Midnight starting `date` in the agency's timezone, inline (the report is one statement). A
 * scalar subquery, so the bound is a parameter the index condition takes: as a bare expression
 * (a function that is not leakproof) row-level security would keep it for after the policy, a filter.
 */
const agencyMidnight = (agencyId: string, date: SQL) =>
  sql`(SELECT ${date}::timestamp AT TIME ZONE coalesce(
        (SELECT a.timezone FROM agencies a WHERE a.id = ${agencyId}), 'America/Sao_Paulo'))`;

/**
 * Seconds, billable seconds and billable amount per `id` (project or person) of the period's
 * finished entries, read from the covering index (a large agency's month: tens of thousands of
 * entries; bench: delivery). Each entry costs one interval sum: entries are first summed per id,
 * billable flag and rate (few groups), and only those sums are turned into seconds and money.
 */
function periodSums(caller: Caller, query: ReportQuery, id: SQL): SQL {
  return sql`SELECT s.id,
          extract(epoch FROM sum(s.spent)) AS seconds,
          coalesce(extract(epoch FROM sum(s.spent) FILTER (WHERE s.billable)), 0) AS billable_seconds,
          coalesce(sum(extract(epoch FROM s.spent) * s.rate_cents) FILTER (WHERE s.billable) / 3600, 0) AS amount
        FROM (
          SELECT ${id} AS id, e.billable, e.rate_cents, sum(e.ended_at - e.started_at) AS spent
          FROM time_entries e
          WHERE e.agency_id = ${caller.agencyId} AND e.ended_at IS NOT NULL
            AND e.started_at >= ${agencyMidnight(caller.agencyId, sql`${query.from}::date`)}
            AND e.started_at < ${agencyMidnight(caller.agencyId, sql`(${query.to}::date + 1)`)}
            AND ${caller.scope === "all" ? sql`true` : sql`e.user_id = ${caller.user.id}`}
          GROUP BY 1, 2, 3
        ) s
        GROUP BY 1`;
}

/**
 * Hours between two dates (agency timezone, inclusive) by project, client or person, with
 * the billable amount and, by project, the budget burnt. Scope "own": the caller's time only.
 */
export async function hoursReport(tx: Queryable, caller: Caller, query: ReportQuery): Promise<HoursReport> {
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
  const rows = await queryRows<ReportRow>(
    tx,
    sql`WITH x AS (${periodSums(caller, query, byPerson ? sql`e.user_id` : sql`e.project_id`)})
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
