import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Deal } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { companies, customers, leads, profiles } from "../../db/schema.ts";
import type { CrmContext } from "./crm-context.ts";

export const dealColumns = {
  id: leads.id,
  title: leads.name,
  valueCents: leads.valueCents,
  pipelineId: leads.pipelineId,
  stageId: leads.stageId,
  position: leads.position,
  contactId: leads.contactId,
  contactName: customers.name,
  companyId: leads.companyId,
  companyName: sql<string | null>`coalesce(${companies.name}, ${leads.company})`,
  ownerId: leads.ownerId,
  ownerName: sql<string | null>`nullif(trim(${profiles.firstName} || ' ' || ${profiles.lastName}), '')`,
  expectedCloseOn: leads.expectedCloseOn,
  outcome: leads.outcome,
  lostReason: leads.lostReason,
  closedAt: leads.closedAt,
  stageEnteredAt: leads.stageEnteredAt,
  source: leads.source,
  tags: leads.tags,
  customFields: leads.customFields,
  version: leads.version,
  createdAt: leads.createdAt,
  deletedAt: leads.deletedAt,
};

export function toDeal(row: Record<string, unknown>): Deal {
  const { deletedAt: _deleted, ...rest } = row;
  return {
    ...(rest as unknown as Deal),
    valueCents: Number(row.valueCents),
    closedAt: row.closedAt ? (row.closedAt as Date).toISOString() : null,
    stageEnteredAt: (row.stageEnteredAt as Date).toISOString(),
    createdAt: (row.createdAt as Date).toISOString(),
  };
}

/** The agency's deals the caller reaches (record scope of crm_pipelines: own = owner). */
export function dealScope(ctx: CrmContext): SQL {
  const inAgency = eq(leads.agencyId, ctx.agencyId);
  return ctx.scope === "all" ? inAgency : (and(inAgency, eq(leads.ownerId, ctx.user.id)) as SQL);
}

/** Deals with contact, company and owner names; `extra` adds columns (a page's cursor value). */
export function dealsFrom<E extends Record<string, SQL>>(tx: Tx, extra: E = {} as E) {
  return tx
    .select({ ...dealColumns, ...extra })
    .from(leads)
    .leftJoin(customers, eq(customers.id, leads.contactId))
    .leftJoin(companies, eq(companies.id, leads.companyId))
    .leftJoin(profiles, eq(profiles.id, leads.ownerId));
}

export async function findDeal(
  tx: Tx,
  ctx: CrmContext,
  id: string,
): Promise<(Deal & { deletedAt: Date | null }) | null> {
  const [row] = await dealsFrom(tx)
    .where(and(dealScope(ctx), eq(leads.id, id)))
    .limit(1);
  return row ? { ...toDeal(row), deletedAt: row.deletedAt } : null;
}

/** The deal as its answer publishes it, read back after a write (the row exists: it was just written). */
export async function answerDeal(tx: Tx, ctx: CrmContext, id: string): Promise<Deal> {
  const found = await findDeal(tx, ctx, id);
  if (!found) throw new Error(`deal ${id} vanished after its write`);
  const { deletedAt: _deleted, ...deal } = found;
  return deal;
}
