import { and, eq } from "drizzle-orm";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { expenses } from "../../db/schema.ts";
import type { FinanceActor } from "./finance-actor.ts";
import { lockExpense } from "./lock-expense.ts";

/**
 * Deletes an expense softly (migration 0051): it leaves every list and total, and a recurring one
 * stops repeating; the repetitions already made stay, as "Encerrar" leaves them.
 */
export async function deleteExpense(tx: Tx, actor: FinanceActor, expenseId: string, now: Date) {
  const expense = await lockExpense(tx, actor.agencyId, expenseId);
  await tx
    .update(expenses)
    .set({ deletedAt: now, deletedBy: actor.userId, recurrence: "nenhuma" })
    .where(and(eq(expenses.agencyId, actor.agencyId), eq(expenses.id, expenseId)));
  await recordAudit(tx, actor, {
    action: "delete",
    resourceType: "expenses",
    resourceId: expenseId,
    details: {
      supplier: expense.supplier,
      spentOn: expense.spentOn,
      amountCents: expense.amountCents,
      recurrence: expense.recurrence,
    },
  });
}
