import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { dueOccurrences, type ExpenseOccurrence, type ExpenseRecurrence } from "#domain/expense-recurrence.ts";
import { FINANCE_MESSAGES } from "#domain/schemas/finance.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Db, Tx } from "../../db/client.ts";
import { expenses } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { agencyToday, type FinanceActor } from "./finance-actor.ts";

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
 * The background job's body: every recurring original's repetitions due up to each agency's today
 * after the last one made (downtime is caught up; they are made oldest first). Runs hourly on the
 * owner connection, an explicit agency in every row. Idempotent. Each original's last period is
 * read with the originals, through the (recurs_from, period_key) index, so a run with nothing due
 * writes nothing (it had tried every repetition since each original, every hour).
 */
export async function generateRecurringExpenses(db: Db, now: Date): Promise<{ created: number }> {
  const rows = await db
    .select({
      original: expenses,
      // The outer table named in full: drizzle writes a one-table select's columns unqualified,
      // and a bare "id" would be the copy's.
      lastPeriod: sql<string | null>`(select max(c.period_key) from expenses c where c.recurs_from = expenses.id)`,
    })
    .from(expenses)
    .where(and(ne(expenses.recurrence, "nenhuma"), isNull(expenses.recursFrom)));
  const todayIn = agencyToday(db, now);
  let created = 0;
  for (const { original, lastPeriod } of rows) {
    const occurrences = dueOccurrences(
      { spentOn: original.spentOn, recurrence: original.recurrence as ExpenseRecurrence },
      await todayIn(original.agencyId),
    );
    for (const occurrence of occurrences.filter((o) => lastPeriod === null || o.periodKey > lastPeriod)) {
      if (await copyForPeriod(db, original, occurrence)) created++;
    }
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
