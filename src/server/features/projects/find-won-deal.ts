import { sql } from "drizzle-orm";
import { PROJECT_MESSAGES as M } from "#domain/schemas/projects.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { companies } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { dealIdsWithProject } from "./deals-with-project.ts";

export type WonDeal = {
  id: string;
  name: string;
  companyId: string | null;
  valueCents: number;
  ownerId: string | null;
};

/**
 * The CRM deal a project starts from, when won (the CRM's explicit outcome, "Marcar como ganha")
 * and not deleted. Its client is the deal's company, else a company found or created by the
 * deal's company name (deals from before CRM companies), else by the deal's own name.
 */
export async function findWonDeal(tx: Queryable, agencyId: string, dealId: string): Promise<WonDeal> {
  const [deal] = await queryRows<{
    id: string;
    name: string;
    company: string | null;
    company_id: string | null;
    company_name: string | null;
    outcome: string;
    value_cents: string;
    owner_id: string | null;
    has_project: boolean;
  }>(
    tx,
    sql`SELECT l.id, l.name, l.company, co.id AS company_id, co.name AS company_name, l.outcome,
          l.value_cents::text AS value_cents, l.owner_id,
          l.id IN ${dealIdsWithProject(agencyId)} AS has_project
        FROM leads l
        LEFT JOIN companies co ON co.agency_id = l.agency_id AND co.id = l.company_id AND co.deleted_at IS NULL
        WHERE l.agency_id = ${agencyId} AND l.id = ${dealId} AND l.deleted_at IS NULL`,
  );
  if (!deal) throw new AppError("not_found", M.dealNotFound);
  if (deal.outcome !== "won") throw new AppError("validation_failed", M.dealNotWon);
  if (deal.has_project) throw new AppError("conflict", M.dealHasProject);
  const companyName = deal.company_name ?? (deal.company?.trim() || null);
  return {
    id: deal.id,
    name: companyName ? `${companyName} – ${deal.name}` : deal.name,
    companyId: deal.company_id ?? (await companyNamed(tx, agencyId, companyName ?? deal.name, deal.owner_id)),
    valueCents: Number(deal.value_cents),
    ownerId: deal.owner_id,
  };
}

async function companyNamed(tx: Queryable, agencyId: string, name: string, ownerId: string | null): Promise<string> {
  const [found] = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM companies WHERE agency_id = ${agencyId} AND deleted_at IS NULL AND lower(name) = lower(${name})
        ORDER BY created_at, id LIMIT 1`,
  );
  if (found) return found.id;
  const id = crypto.randomUUID();
  await tx.insert(companies).values({ id, agencyId, name, ownerId });
  return id;
}
