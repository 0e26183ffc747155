import { and, eq } from "drizzle-orm";
import type { ExpenseUpdateBody } from "#domain/schemas/finance-corrections.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { expenses } from "../../db/schema.ts";
import { expenseCategoryId } from "./expense-category.ts";
import type { FinanceActor } from "./finance-actor.ts";
import { lockExpense } from "./lock-expense.ts";

/** Corrects an expense as typed (a repetition too: its period stays); the audit keeps what it was. */
export async function updateExpense(tx: Tx, actor: FinanceActor, expenseId: string, body: ExpenseUpdateBody) {
  const before = await lockExpense(tx, actor.agencyId, expenseId);
  const changes = {
    categoryId: await expenseCategoryId(tx, actor.agencyId, body.category),
    supplier: body.supplier,
    description: body.description,
    spentOn: body.spentOn,
    amountCents: body.amountCents,
  };
  await tx
    .update(expenses)
    .set(changes)
    .where(and(eq(expenses.agencyId, actor.agencyId), eq(expenses.id, expenseId)));
  await recordAudit(tx, actor, {
    action: "update",
    resourceType: "expenses",
    resourceId: expenseId,
    details: {
      before: { supplier: before.supplier, spentOn: before.spentOn, amountCents: before.amountCents },
      after: { supplier: body.supplier, spentOn: body.spentOn, amountCents: body.amountCents },
    },
  });
}
