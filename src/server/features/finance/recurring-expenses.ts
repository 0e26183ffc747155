import { and, eq, isNull, ne } from "drizzle-orm";
import { dueOccurrences, type ExpenseOccurrence, type ExpenseRecurrence } from "#domain/expense-recurrence.ts";
import { FINANCE_MESSAGES } from "#domain/schemas/finance.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Db, Tx } from "../../db/client.ts";
import { expenses } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { agencyFacts, type FinanceActor, todayOf } from "./finance-actor.ts";

type Expense = typeof expenses.$inferSelect;

/**
 * One repetition of a recurring expense, exactly once: the unique index on (recurs_from,
 * period_key) decides when two servers or runs race. The copy is a one-off expense of its own.
 */
async function copyForPeriod(db: Db, original: Expense, occurrence: ExpenseOccurrence): Promise<boolean> {
  const inserted = await db
    .insert(expenses)
    .values({
      agencyId: original.agencyId,
      categoryId: original.categoryId,
      supplier: original.supplier,
      description: original.description,
      spentOn: occurrence.spentOn,
      amountCents: original.amountCents,
      recurrence: "nenhuma",
      recursFrom: original.id,
      periodKey: occurrence.periodKey,
      createdBy: original.createdBy,
    })
    .onConflictDoNothing()
    .returning({ id: expenses.id });
  return inserted.length > 0;
}

/**
 * The background job's body: every recurring original's missing repetitions up to each agency's
 * today (downtime is caught up). Owner connection, an explicit agency in every row. Idempotent.
 */
export async function generateRecurringExpenses(db: Db, now: Date): Promise<{ created: number }> {
  const originals = await db
    .select()
    .from(expenses)
    .where(and(ne(expenses.recurrence, "nenhuma"), isNull(expenses.recursFrom)));
  const todays = new Map<string, string>();
  let created = 0;
  for (const original of originals) {
    let today = todays.get(original.agencyId);
    if (!today) {
      today = todayOf(await agencyFacts(db, original.agencyId), now);
      todays.set(original.agencyId, today);
    }
    const occurrences = dueOccurrences(
      { spentOn: original.spentOn, recurrence: original.recurrence as ExpenseRecurrence },
      today,
    );
    for (const occurrence of occurrences) if (await copyForPeriod(db, original, occurrence)) created++;
  }
  return { created };
}

/** Stops a recurrence: the original becomes a one-off; the copies already made stay. */
export async function endExpenseRecurrence(tx: Tx, actor: FinanceActor, id: string): Promise<void> {
  const [ended] = await tx
    .update(expenses)
    .set({ recurrence: "nenhuma" })
    .where(and(eq(expenses.agencyId, actor.agencyId), eq(expenses.id, id), ne(expenses.recurrence, "nenhuma")))
    .returning({ id: expenses.id });
  if (!ended) throw new AppError("not_found", FINANCE_MESSAGES.recurringExpenseNotFound);
  await recordAudit(tx, actor, {
    action: "update",
    resourceType: "expenses",
    resourceId: id,
    details: { recurrence: "nenhuma" },
  });
}
