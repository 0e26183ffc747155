import { and, inArray, sql } from "drizzle-orm";
import type { DuplicateDetails } from "#domain/schemas/crm.ts";
import { queryRows, type Tx } from "../../db/client.ts";
import { companies } from "../../db/schema.ts";
import { companyScope } from "./company-row.ts";
import type { CrmContext } from "./crm-context.ts";

/**
 * The agency's companies with the same CNPJ (or CPF), whatever their owner
 * (crm_company_duplicate_ids, migration 0048): those in the caller's reach to open, and whether
 * others exist that it cannot see (never named).
 */
export async function findCompanyDuplicates(
  tx: Tx,
  ctx: CrmContext,
  document: string | null | undefined,
): Promise<DuplicateDetails> {
  if (!document) return { duplicates: [] };
  const ids = (
    await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM crm_company_duplicate_ids(${ctx.agencyId}::uuid, ${document}) AS d(id)`,
    )
  ).map((row) => row.id);
  if (!ids.length) return { duplicates: [] };
  const rows = await tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(companyScope(ctx), inArray(companies.id, ids)))
    .orderBy(companies.createdAt, companies.id);
  const duplicates = rows.map((row) => ({ ...row, matchedOn: ["document"] }));
  return rows.length < ids.length ? { duplicates, hidden: true } : { duplicates };
}
