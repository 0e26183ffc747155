import type { PriceItemView } from "#domain/schemas/finance.ts";
import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { priceItemBodySchema } from "#domain/schemas/finance.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Queryable, Tx } from "../../db/client.ts";
import { priceItems } from "../../db/schema.ts";
import type { FinanceActor } from "./finance-actor.ts";

/** The agency's price list (a few dozen services: one page, by name). */
export async function listPriceItems(db: Queryable, agencyId: string): Promise<{ items: PriceItemView[] }> {
  const rows = await db
    .select({
      id: priceItems.id,
      name: priceItems.name,
      description: priceItems.description,
      unit: priceItems.unit,
      unitPriceCents: priceItems.unitPriceCents,
    })
    .from(priceItems)
    .where(and(eq(priceItems.agencyId, agencyId), eq(priceItems.active, true)))
    .orderBy(asc(priceItems.name))
    .limit(500);
  return { items: rows };
}

export async function createPriceItem(
  tx: Tx,
  actor: FinanceActor,
  body: z.output<typeof priceItemBodySchema>,
): Promise<PriceItemView> {
  const [row] = await tx
    .insert(priceItems)
    .values({ agencyId: actor.agencyId, ...body })
    .returning();
  await recordAudit(tx, actor, {
    action: "create",
    resourceType: "price_items",
    resourceId: row.id,
    details: { name: body.name },
  });
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    unit: row.unit,
    unitPriceCents: row.unitPriceCents,
  };
}
