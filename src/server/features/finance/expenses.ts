import type { ExpenseView } from "#domain/schemas/finance.ts";
import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { ExpenseBody } from "#domain/schemas/finance.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Queryable, Tx } from "../../db/client.ts";
import { datedPageOf, decodeDatedCursor } from "../../db/dated-keyset-cursor.ts";
import { attachments, expenseCategories, expenses } from "../../db/schema.ts";
import { expenseCategoryId } from "./expense-category.ts";
import type { FinanceActor } from "./finance-actor.ts";
import { expenseNotDeleted } from "./money-in-force.ts";

export async function createExpense(tx: Tx, actor: FinanceActor, body: ExpenseBody): Promise<string> {
  const [row] = await tx
    .insert(expenses)
    .values({
      agencyId: actor.agencyId,
      categoryId: await expenseCategoryId(tx, actor.agencyId, body.category),
      supplier: body.supplier,
      description: body.description,
      spentOn: body.spentOn,
      amountCents: body.amountCents,
      recurrence: body.recurrence,
      createdBy: actor.userId,
    })
    .returning({ id: expenses.id });
  await recordAudit(tx, actor, {
    action: "create",
    resourceType: "expenses",
    resourceId: row.id,
    details: { supplier: body.supplier, amountCents: body.amountCents },
  });
  return row.id;
}

type Filters = { from?: string; to?: string; cursor?: string; limit: number; ownerId: string | null };

export async function listExpenses(db: Queryable, agencyId: string, f: Filters) {
  const cursor = decodeDatedCursor(f.cursor);
  const rows = await db
    .select({
      expense: expenses,
      category: expenseCategories.name,
      exactCreatedAt: sql<string>`${expenses.createdAt}::text`,
      receiptCount: sql<number>`(SELECT count(*)::int FROM ${attachments} a
        WHERE a.agency_id = ${expenses.agencyId} AND a.record_type = 'expense' AND a.record_id = ${expenses.id})`,
    })
    .from(expenses)
    .leftJoin(expenseCategories, eq(expenseCategories.id, expenses.categoryId))
    .where(
      and(
        eq(expenses.agencyId, agencyId),
        expenseNotDeleted,
        f.ownerId ? eq(expenses.createdBy, f.ownerId) : undefined,
        f.from ? gte(expenses.spentOn, f.from) : undefined,
        f.to ? lte(expenses.spentOn, f.to) : undefined,
        cursor
          ? sql`(${expenses.spentOn}, ${expenses.createdAt}, ${expenses.id}) < (${cursor.day}::date, ${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    // By the date spent, newest first (index expenses_agency_spent_idx), as the list shows it.
    .orderBy(desc(expenses.spentOn), desc(expenses.createdAt), desc(expenses.id))
    .limit(f.limit + 1);
  const { page, nextCursor } = datedPageOf(rows, f.limit, (r) => ({
    day: r.expense.spentOn,
    createdAt: r.exactCreatedAt,
    id: r.expense.id,
  }));
  const list: ExpenseView[] = page.map(({ expense, category, receiptCount }) => ({
    id: expense.id,
    category,
    supplier: expense.supplier,
    description: expense.description,
    spentOn: expense.spentOn,
    amountCents: expense.amountCents,
    recurrence: expense.recurrence,
    isRepetition: expense.recursFrom !== null,
    receiptCount: Number(receiptCount),
  }));
  return { expenses: list, nextCursor };
}
