import { sql } from "drizzle-orm";
import { PROJECT_MESSAGES as M } from "#domain/schemas/projects.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { companies } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";

export type WonDeal = {
  id: string;
  name: string;
  companyId: string | null;
  valueCents: number;
  ownerId: string | null;
};

/**
 * The CRM deal a project starts from, when won. Today's deals are `leads` rows (won = stage
 * 'fechados'); its company name becomes the client company (found by name or created).
 */
export async function findWonDeal(tx: Queryable, agencyId: string, dealId: string): Promise<WonDeal> {
  const [deal] = await queryRows<{
    id: string;
    name: string;
    company: string | null;
    stage: string;
    value_cents: string | null;
    owner_id: string | null;
    has_project: boolean;
  }>(
    tx,
    sql`SELECT l.id, l.name, l.company, l.stage, round(l.estimated_value * 100)::text AS value_cents, l.owner_id,
          EXISTS (SELECT 1 FROM projects p WHERE p.agency_id = l.agency_id AND p.deal_id = l.id
                    AND p.deleted_at IS NULL) AS has_project
        FROM leads l WHERE l.agency_id = ${agencyId} AND l.id = ${dealId}`,
  );
  if (!deal) throw new AppError("not_found", M.dealNotFound);
  if (deal.stage !== "fechados") throw new AppError("validation_failed", M.dealNotWon);
  if (deal.has_project) throw new AppError("conflict", M.dealHasProject);
  const companyName = deal.company?.trim() || deal.name;
  return {
    id: deal.id,
    name: deal.company?.trim() ? `${deal.company.trim()} – ${deal.name}` : deal.name,
    companyId: await companyNamed(tx, agencyId, companyName, deal.owner_id),
    valueCents: Number(deal.value_cents ?? 0),
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
