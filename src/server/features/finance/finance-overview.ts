import { sql } from "drizzle-orm";
import { addMonths, monthOf } from "#domain/calendar-date.ts";
import type { FinanceOverview } from "#domain/schemas/finance.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { expenseNotDeleted, paymentInForce } from "./money-in-force.ts";

/** At most this many months in the chart (a longer period still totals the whole of it). */
const MAX_CHART_MONTHS = 24;

type Period = { from: string; to: string; today: string };

/** Receitas = payments received in the period; the dashboard's Faturamento card uses this same function. */
export async function revenueCents(db: Queryable, agencyId: string, from: string, to: string): Promise<number> {
  const [row] = await queryRows<{ total: string | null }>(
    db,
    sql`select coalesce(sum(amount_cents), 0)::text as total from payments
        where agency_id = ${agencyId} and ${paymentInForce} and paid_on between ${from} and ${to}`,
  );
  return Number(row?.total ?? 0);
}

async function expensesCents(db: Queryable, agencyId: string, from: string, to: string): Promise<number> {
  const [row] = await queryRows<{ total: string | null }>(
    db,
    sql`select coalesce(sum(amount_cents), 0)::text as total from expenses
        where agency_id = ${agencyId} and ${expenseNotDeleted} and spent_on between ${from} and ${to}`,
  );
  return Number(row?.total ?? 0);
}

async function receivables(db: Queryable, agencyId: string, today: string) {
  const [row] = await queryRows<Record<string, string>>(
    db,
    sql`select
          coalesce(sum(amount_due_cents - paid_cents) filter (where due_date >= ${today}::date), 0)::text as not_due,
          coalesce(sum(amount_due_cents - paid_cents) filter (where ${today}::date - due_date between 1 and 30), 0)::text as d30,
          coalesce(sum(amount_due_cents - paid_cents) filter (where ${today}::date - due_date between 31 and 60), 0)::text as d60,
          coalesce(sum(amount_due_cents - paid_cents) filter (where ${today}::date - due_date > 60), 0)::text as d61
        from invoices
        where agency_id = ${agencyId} and status in ('emitida', 'parcialmente_paga')`,
  );
  return {
    notDueCents: Number(row.not_due),
    overdue1to30Cents: Number(row.d30),
    overdue31to60Cents: Number(row.d60),
    overdueOver60Cents: Number(row.d61),
  };
}

type Month = FinanceOverview["monthly"][number];

/** The chart's first month: the period's, or the last MAX_CHART_MONTHS months of a longer one. */
const firstChartMonth = (from: string, to: string) =>
  [monthOf(from), addMonths(monthOf(to), -(MAX_CHART_MONTHS - 1))].sort().at(-1) as string;

/** Received and paid per month, each summed by month in its own table before the two are merged. */
async function monthly(db: Queryable, agencyId: string, from: string, to: string) {
  const firstMonth = firstChartMonth(from, to);
  const start = `${firstMonth}-01`;
  const rows = await queryRows<{ month: string; revenue: string; expenses: string }>(
    db,
    sql`select to_char(month, 'YYYY-MM') as month, sum(revenue)::text as revenue, sum(expenses)::text as expenses from (
          select date_trunc('month', paid_on::timestamp) as month, sum(amount_cents) as revenue, 0 as expenses from payments
          where agency_id = ${agencyId} and ${paymentInForce} and paid_on between greatest(${start}::date, ${from}::date) and ${to}
          group by 1
          union all
          select date_trunc('month', spent_on::timestamp), 0, sum(amount_cents) from expenses
          where agency_id = ${agencyId} and ${expenseNotDeleted} and spent_on between greatest(${start}::date, ${from}::date) and ${to}
          group by 1
        ) m group by month`,
  );
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const months: FinanceOverview["monthly"] = [];
  for (let month = firstMonth; month <= monthOf(to); month = addMonths(month, 1)) {
    const row = byMonth.get(month);
    months.push({ month, revenueCents: Number(row?.revenue ?? 0), expensesCents: Number(row?.expenses ?? 0) });
  }
  return months;
}

/** Monthly recurring revenue of the retainers running today (a quarterly one counts a third a month). */
async function mrrCents(db: Queryable, agencyId: string, today: string): Promise<number> {
  const [row] = await queryRows<{ total: string }>(
    db,
    sql`select coalesce(sum(case frequency when 'trimestral' then round(amount_cents / 3.0) else amount_cents end), 0)::text as total
        from recurring_invoice_schedules
        where agency_id = ${agencyId} and active and start_date <= ${today} and (end_date is null or end_date >= ${today})`,
  );
  return Number(row.total);
}

/**
 * The five clients that paid most in the period: payments summed per client first (from the
 * payment-date index alone), then named. The agency condition on companies lets the planner read
 * only this agency's clients; on the id alone it hashed every agency's (the row policy's estimate).
 */
async function topClients(db: Queryable, agencyId: string, from: string, to: string) {
  const rows = await queryRows<{ company_id: string; name: string | null; revenue: string }>(
    db,
    sql`select t.company_id, c.name, t.revenue::text as revenue
        from (select company_id, sum(amount_cents) as revenue from payments
              where agency_id = ${agencyId} and ${paymentInForce} and paid_on between ${from} and ${to}
              group by company_id) t
        left join companies c on c.id = t.company_id and c.agency_id = ${agencyId}
        order by t.revenue desc, c.name limit 5`,
  );
  return rows.map((r) => ({ companyId: r.company_id, name: r.name ?? "—", revenueCents: Number(r.revenue) }));
}

/**
 * Received and paid in the period. When the chart covers the whole period (up to 24 months) its
 * months add up to the same totals, so the payments are not read again; revenueCents (the
 * dashboard's figure) sums them for a longer one.
 */
async function periodTotals(db: Queryable, agencyId: string, from: string, to: string, months: Month[]) {
  if (firstChartMonth(from, to) === monthOf(from)) {
    return {
      revenue: months.reduce((sum, month) => sum + month.revenueCents, 0),
      spent: months.reduce((sum, month) => sum + month.expensesCents, 0),
    };
  }
  return { revenue: await revenueCents(db, agencyId, from, to), spent: await expensesCents(db, agencyId, from, to) };
}

/** Visão Geral: received, paid and their difference for the period; receivables by age as of today. */
export async function financeOverview(db: Queryable, agencyId: string, period: Period): Promise<FinanceOverview> {
  const months = await monthly(db, agencyId, period.from, period.to);
  const { revenue, spent } = await periodTotals(db, agencyId, period.from, period.to, months);
  return {
    from: period.from,
    to: period.to,
    revenueCents: revenue,
    expensesCents: spent,
    netProfitCents: revenue - spent,
    receivables: await receivables(db, agencyId, period.today),
    monthly: months,
    mrrCents: await mrrCents(db, agencyId, period.today),
    topClients: await topClients(db, agencyId, period.from, period.to),
  };
}
