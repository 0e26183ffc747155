import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { expenseCategories } from "../../db/schema.ts";

/** The category by name, created on first use (case-insensitive, one per agency). */
export async function expenseCategoryId(tx: Tx, agencyId: string, name: string | null): Promise<string | null> {
  if (!name) return null;
  const [existing] = await tx
    .select({ id: expenseCategories.id })
    .from(expenseCategories)
    .where(and(eq(expenseCategories.agencyId, agencyId), sql`lower(${expenseCategories.name}) = lower(${name})`));
  if (existing) return existing.id;
  const [created] = await tx
    .insert(expenseCategories)
    .values({ agencyId, name })
    .returning({ id: expenseCategories.id });
  return created.id;
}
