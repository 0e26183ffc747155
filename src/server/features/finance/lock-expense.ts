import { and, eq } from "drizzle-orm";
import { FINANCE_CORRECTION_MESSAGES } from "#domain/schemas/finance-corrections.ts";
import type { Queryable } from "../../db/client.ts";
import { expenses } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { expenseNotDeleted } from "./money-in-force.ts";

/** The agency's expense, not deleted, its row locked until commit (an edit and a deletion take turns); 404 otherwise. */
export async function lockExpense(db: Queryable, agencyId: string, expenseId: string) {
  const [expense] = await db
    .select()
    .from(expenses)
    .where(and(eq(expenses.agencyId, agencyId), eq(expenses.id, expenseId), expenseNotDeleted))
    .for("update");
  if (!expense) throw new AppError("not_found", FINANCE_CORRECTION_MESSAGES.expenseNotFound);
  return expense;
}
