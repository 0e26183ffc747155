import { isNull } from "drizzle-orm";
import { expenses, payments } from "../../db/schema.ts";

/**
 * A payment in force: a reversed one (estorno) was never received, so it counts in no revenue,
 * list or export, only on its invoice's history. Also the predicate of payments_agency_paid_idx
 * (migration 0051), which the revenue sums read alone.
 */
export const paymentInForce = isNull(payments.reversedAt);

/** An expense not deleted: a deleted one counts nowhere and is found by no route. */
export const expenseNotDeleted = isNull(expenses.deletedAt);
