import { and, eq, sql } from "drizzle-orm";
import { addDays, addMonths, monthOf } from "#domain/calendar-date.ts";
import type { Db } from "../../db/client.ts";
import { invoices, recurringInvoiceSchedules } from "../../db/schema.ts";
import { documentRows } from "./document-lines.ts";
import { agencyToday } from "./finance-actor.ts";
import { insertInvoice } from "./insert-invoice.ts";

type Schedule = typeof recurringInvoiceSchedules.$inferSelect;

/** The periods ("YYYY-MM" of their first month) whose issue day has come, from the start up to today. */
export function duePeriods(
  schedule: Pick<Schedule, "startDate" | "endDate" | "frequency" | "dayOfMonth">,
  today: string,
): string[] {
  const step = schedule.frequency === "trimestral" ? 3 : 1;
  const periods: string[] = [];
  for (let month = monthOf(schedule.startDate); ; month = addMonths(month, step)) {
    const issueDate = `${month}-${String(schedule.dayOfMonth).padStart(2, "0")}`;
    if (issueDate > today || (schedule.endDate && issueDate > schedule.endDate)) break;
    if (issueDate >= schedule.startDate) periods.push(month);
  }
  return periods;
}

/**
 * Issues the invoice of one schedule for one period, exactly once: the unique index on
 * (schedule_id, period_key) decides, whichever server or job run gets there first; the loser's
 * transaction rolls back with its invoice number, so numbering keeps no gap.
 */
export async function generateScheduleInvoice(
  db: Db,
  schedule: Schedule,
  period: string,
): Promise<"created" | "exists"> {
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.scheduleId, schedule.id), eq(invoices.periodKey, period)));
      if (existing) return "exists" as const;
      const issueDate = `${period}-${String(schedule.dayOfMonth).padStart(2, "0")}`;
      const rows = documentRows({
        items: [
          {
            service: schedule.description,
            description: `Período ${period.split("-").reverse().join("/")}`,
            quantity: 1,
            unitPriceCents: schedule.amountCents,
          },
        ],
        discountCents: 0,
        issRateBp: schedule.issRateBp,
        issWithheld: schedule.issWithheld,
      });
      await insertInvoice(
        tx,
        { userId: schedule.createdBy, agencyId: schedule.agencyId, ip: null, userAgent: null },
        {
          companyId: schedule.companyId,
          issueDate,
          dueDate: addDays(issueDate, schedule.dueDays),
          notes: null,
          draft: false,
          source: "recorrente",
          scheduleId: schedule.id,
          periodKey: period,
          rows,
        },
      );
      return "created" as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return "exists";
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === "23505";
}

/**
 * The background job's body: every active schedule's periods due up to today after the last one
 * it issued (so downtime is caught up; periods are issued oldest first, so none is left behind
 * the last). Runs hourly on the owner connection with an explicit agency in every write.
 * Idempotent. Each schedule's last period is read with the schedules, through the
 * (schedule_id, period_key) index: a run with nothing due writes nothing and checks no period
 * one by one (it had checked every period of every schedule since its start, every hour).
 */
export async function generateRecurringInvoices(db: Db, now: Date): Promise<{ created: number }> {
  const rows = await db
    .select({
      schedule: recurringInvoiceSchedules,
      // The outer table named in full: drizzle writes a one-table select's columns unqualified,
      // and a bare "id" would be the invoice's.
      lastPeriod: sql<string | null>`(select max(i.period_key) from invoices i
        where i.schedule_id = recurring_invoice_schedules.id)`,
    })
    .from(recurringInvoiceSchedules)
    .where(
      and(eq(recurringInvoiceSchedules.active, true), sql`${recurringInvoiceSchedules.startDate} <= current_date + 1`),
    );
  const todayIn = agencyToday(db, now);
  let created = 0;
  for (const { schedule, lastPeriod } of rows) {
    const periods = duePeriods(schedule, await todayIn(schedule.agencyId));
    for (const period of periods.filter((p) => lastPeriod === null || p > lastPeriod)) {
      if ((await generateScheduleInvoice(db, schedule, period)) === "created") created++;
    }
  }
  return { created };
}
