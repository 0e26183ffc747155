import type { Queryable } from "#server/db/client.ts";
import { companies } from "#server/db/schema.ts";

/** A client company of an agency (CRM owns the screens; finance bills it). */
export async function createCompany(db: Queryable, input: typeof companies.$inferInsert) {
  const [row] = await db.insert(companies).values(input).returning();
  return row;
}

/** A quote body the schema accepts: two lines, a discount and ISS 5%. */
export function quoteBody(companyId: string, overrides: Record<string, unknown> = {}) {
  return {
    companyId,
    title: "Gestão de redes sociais",
    issueDate: "2026-11-20",
    validUntil: "2026-12-20",
    items: [
      { service: "Gestão de Instagram", quantity: 1, unitPriceCents: 350_000 },
      { service: "Hora de design", description: "Peças extras", quantity: 2.5, unitPriceCents: 18_000 },
    ],
    discountCents: 5_000,
    issRateBp: 500,
    issWithheld: false,
    paymentTerms: "50% na aprovação, 50% na entrega",
    ...overrides,
  };
}

export function invoiceBody(companyId: string, overrides: Record<string, unknown> = {}) {
  return {
    companyId,
    issueDate: "2026-11-20",
    dueDate: "2026-11-30",
    items: [{ service: "Retainer mensal", quantity: 1, unitPriceCents: 100_000 }],
    ...overrides,
  };
}
