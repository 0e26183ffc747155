import { and, desc, eq } from "drizzle-orm";
import { FINANCE_MESSAGES, type ScheduleBody } from "#domain/schemas/finance.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Queryable, Tx } from "../../db/client.ts";
import { companies, recurringInvoiceSchedules } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { FinanceActor } from "./finance-actor.ts";
import { getFinanceSettings } from "./finance-settings.ts";
import { findCompany } from "./find-company.ts";

export async function createSchedule(tx: Tx, actor: FinanceActor, body: ScheduleBody): Promise<string> {
  await findCompany(tx, actor.agencyId, body.companyId);
  const issRateBp = body.issRateBp ?? (await getFinanceSettings(tx, actor.agencyId)).defaultIssRateBp;
  const [row] = await tx
    .insert(recurringInvoiceSchedules)
    .values({ agencyId: actor.agencyId, ...body, issRateBp, endDate: body.endDate ?? null, createdBy: actor.userId })
    .returning({ id: recurringInvoiceSchedules.id });
  await recordAudit(tx, actor, {
    action: "create",
    resourceType: "recurring_invoice_schedules",
    resourceId: row.id,
    details: { amountCents: body.amountCents, frequency: body.frequency, issRateBp, issWithheld: body.issWithheld },
  });
  return row.id;
}

export async function listSchedules(db: Queryable, agencyId: string) {
  const rows = await db
    .select({ schedule: recurringInvoiceSchedules, clientName: companies.name })
    .from(recurringInvoiceSchedules)
    .leftJoin(companies, eq(companies.id, recurringInvoiceSchedules.companyId))
    .where(and(eq(recurringInvoiceSchedules.agencyId, agencyId)))
    .orderBy(desc(recurringInvoiceSchedules.createdAt))
    .limit(200);
  return {
    schedules: rows.map(({ schedule, clientName }) => ({
      id: schedule.id,
      client: { id: schedule.companyId, name: clientName ?? "—" },
      description: schedule.description,
      amountCents: schedule.amountCents,
      frequency: schedule.frequency,
      dayOfMonth: schedule.dayOfMonth,
      issRateBp: schedule.issRateBp,
      issWithheld: schedule.issWithheld,
      startDate: schedule.startDate,
      endDate: schedule.endDate,
      active: schedule.active,
    })),
  };
}

/** Ends a retainer: no invoice is generated after this; those already issued stay. */
export async function endSchedule(tx: Tx, actor: FinanceActor, scheduleId: string): Promise<void> {
  const [row] = await tx
    .update(recurringInvoiceSchedules)
    .set({ active: false })
    .where(and(eq(recurringInvoiceSchedules.id, scheduleId), eq(recurringInvoiceSchedules.agencyId, actor.agencyId)))
    .returning({ id: recurringInvoiceSchedules.id });
  if (!row) throw new AppError("not_found", FINANCE_MESSAGES.scheduleNotFound);
  await recordAudit(tx, actor, {
    action: "update",
    resourceType: "recurring_invoice_schedules",
    resourceId: scheduleId,
    details: { active: false },
  });
}
