import { and, asc, eq } from "drizzle-orm";
import { CRM_MESSAGES } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { crmSavedViews } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { CrmContext } from "./crm-context.ts";

const columns = {
  id: crmSavedViews.id,
  entity: crmSavedViews.entity,
  name: crmSavedViews.name,
  filters: crmSavedViews.filters,
};

/** The caller's own saved views (RLS also keeps them per user). */
export function listSavedViews(tx: Tx, ctx: CrmContext) {
  return tx
    .select(columns)
    .from(crmSavedViews)
    .where(and(eq(crmSavedViews.agencyId, ctx.agencyId), eq(crmSavedViews.userId, ctx.user.id)))
    .orderBy(asc(crmSavedViews.createdAt));
}

export async function createSavedView(
  tx: Tx,
  ctx: CrmContext,
  body: { entity: "contact" | "company" | "deal"; name: string; filters: Record<string, string> },
) {
  const [row] = await tx
    .insert(crmSavedViews)
    .values({ agencyId: ctx.agencyId, userId: ctx.user.id, ...body })
    .returning(columns);
  return row;
}

export async function deleteSavedView(tx: Tx, ctx: CrmContext, id: string): Promise<void> {
  const rows = await tx
    .delete(crmSavedViews)
    .where(
      and(eq(crmSavedViews.agencyId, ctx.agencyId), eq(crmSavedViews.userId, ctx.user.id), eq(crmSavedViews.id, id)),
    )
    .returning({ id: crmSavedViews.id });
  if (!rows.length) throw new AppError("not_found", CRM_MESSAGES.viewNotFound);
}
