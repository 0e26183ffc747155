import { and, eq, isNull } from "drizzle-orm";
import { FINANCE_MESSAGES } from "#domain/schemas/finance.ts";
import type { Queryable } from "../../db/client.ts";
import { companies } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";

/** A live client company of the agency, or 404 (another agency's company does not exist here). */
export async function findCompany(db: Queryable, agencyId: string, companyId: string) {
  const [company] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.agencyId, agencyId), isNull(companies.deletedAt)));
  if (!company) throw new AppError("not_found", FINANCE_MESSAGES.companyNotFound);
  return company;
}
