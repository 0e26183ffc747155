import { sql } from "drizzle-orm";
import { addMonths, monthOf } from "#domain/calendar-date.ts";
import type { FinanceOverview } from "#domain/schemas/finance.ts";
import { type Queryable, queryRows } from "../../db/client.ts";

/** At most this many months in the chart (a longer period still totals the whole of it). */
const MAX_CHART_MONTHS = 24;

type Period = { from: string; to: string; today: string };

/** Receitas = payments received in the period; the dashboard's Faturamento card uses this same function. */
export async function revenueCents(db: Queryable, agencyId: string, from: string, to: string): Promise<number> {
  const [row] = await queryRows<{ total: string | null }>(
    db,
    sql`select coalesce(sum(amount_cents), 0)::text as total from payments
        where agency_id = ${agencyId} and paid_on between ${from} and ${to}`,
  );
  return Number(row?.total ?? 0);
}

async function expensesCents(db: Queryable, agencyId: string, from: string, to: string): Promise<number> {
  const [row] = await queryRows<{ total: string | null }>(
    db,
    sql`select coalesce(sum(amount_cents), 0)::text as total from expenses
        where agency_id = ${agencyId} and spent_on between ${from} and ${to}`,
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

async function monthly(db: Queryable, agencyId: string, from: string, to: string) {
  const firstMonth = [monthOf(from), addMonths(monthOf(to), -(MAX_CHART_MONTHS - 1))].sort().at(-1) as string;
  const start = `${firstMonth}-01`;
  const rows = await queryRows<{ month: string; revenue: string; expenses: string }>(
    db,
    sql`select month, sum(revenue)::text as revenue, sum(expenses)::text as expenses from (
          select to_char(paid_on, 'YYYY-MM') as month, amount_cents as revenue, 0 as expenses from payments
          where agency_id = ${agencyId} and paid_on between greatest(${start}::date, ${from}::date) and ${to}
          union all
          select to_char(spent_on, 'YYYY-MM'), 0, amount_cents from expenses
          where agency_id = ${agencyId} and spent_on between greatest(${start}::date, ${from}::date) and ${to}
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

async function topClients(db: Queryable, agencyId: string, from: string, to: string) {
  const rows = await queryRows<{ company_id: string; name: string | null; revenue: string }>(
    db,
    sql`select p.company_id, c.name, sum(p.amount_cents)::text as revenue
        from payments p left join companies c on c.id = p.company_id
        where p.agency_id = ${agencyId} and p.paid_on between ${from} and ${to}
        group by p.company_id, c.name order by sum(p.amount_cents) desc, c.name limit 5`,
  );
  return rows.map((r) => ({ companyId: r.company_id, name: r.name ?? "—", revenueCents: Number(r.revenue) }));
}

/** Visão Geral: received, paid and their difference for the period; receivables by age as of today. */
export async function financeOverview(db: Queryable, agencyId: string, period: Period): Promise<FinanceOverview> {
  const revenue = await revenueCents(db, agencyId, period.from, period.to);
  const spent = await expensesCents(db, agencyId, period.from, period.to);
  return {
    from: period.from,
    to: period.to,
    revenueCents: revenue,
    expensesCents: spent,
    netProfitCents: revenue - spent,
    receivables: await receivables(db, agencyId, period.today),
    monthly: await monthly(db, agencyId, period.from, period.to),
    mrrCents: await mrrCents(db, agencyId, period.today),
    topClients: await topClients(db, agencyId, period.from, period.to),
  };
}
