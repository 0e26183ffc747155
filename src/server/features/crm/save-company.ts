import type { TimelineKind } from "#domain/timeline-kinds.ts";
import { and, eq, isNull, sql } from "drizzle-orm";
import { CRM_MESSAGES, type Company, type CompanyBody } from "#domain/schemas/crm.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { companies } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { companyScope, findCompany } from "./company-row.ts";
import type { CrmContext } from "./crm-context.ts";
import { findCompanyDuplicates } from "./find-company-duplicates.ts";
import { assertOwnerAllowed, checkCustomFields } from "./record-checks.ts";

async function values(
  tx: Tx,
  ctx: CrmContext,
  body: Omit<CompanyBody, "ignoreDuplicates">,
  ownerId: string | null,
  storedCustomFields: Record<string, unknown> = {},
) {
  await assertOwnerAllowed(tx, ctx, ownerId);
  return {
    name: body.name,
    legalName: body.legalName ?? null,
    document: body.document ?? null,
    email: body.email ?? null,
    phone: body.phone ?? null,
    website: body.website ?? null,
    city: body.city ?? null,
    state: body.state ?? null,
    ownerId,
    notes: body.notes ?? null,
    tags: body.tags,
    customFields: await checkCustomFields(tx, ctx.agencyId, "company", body.customFields, storedCustomFields),
  };
}

/**
 * Creates a company owned by the caller unless another owner is given. A company whose CNPJ
 * already exists in the agency (any owner's) is not created unless the caller confirms (409 with
 * the ones it may open, and whether others it cannot see exist), as contacts.
 */
export async function createCompany(
  tx: Tx,
  ctx: CrmContext,
  body: CompanyBody,
  kind: TimelineKind = "created",
): Promise<Company> {
  if (!body.ignoreDuplicates) {
    const details = await findCompanyDuplicates(tx, ctx, body.document);
    if (details.duplicates.length || details.hidden) {
      const message = details.duplicates.length ? CRM_MESSAGES.duplicateCompany : CRM_MESSAGES.duplicateCompanyHidden;
      throw new AppError("conflict", message, details);
    }
  }
  const ownerId = body.ownerId === undefined ? ctx.user.id : body.ownerId;
  const [row] = await tx
    .insert(companies)
    .values({ agencyId: ctx.agencyId, ...(await values(tx, ctx, body, ownerId)) })
    .returning({ id: companies.id });
  await recordTimelineEvent(tx, {
    agencyId: ctx.agencyId,
    recordType: "company",
    recordId: row.id,
    kind,
    actorId: ctx.user.id,
  });
  await recordAudit(tx, ctx.actor, {
    action: "create",
    resourceType: "company",
    resourceId: row.id,
    details: { name: body.name },
  });
  return (await findCompany(tx, { ...ctx, scope: "all" }, row.id)) as Company;
}

/** Saves a company if its version is still the caller's, else 409. */
export async function updateCompany(
  tx: Tx,
  ctx: CrmContext,
  id: string,
  body: Omit<CompanyBody, "ignoreDuplicates"> & { version: number },
): Promise<Company> {
  const before = await findCompany(tx, ctx, id);
  if (!before || before.deletedAt) throw new AppError("not_found", CRM_MESSAGES.companyNotFound);
  const ownerId = body.ownerId === undefined ? before.ownerId : body.ownerId;
  const rows = await tx
    .update(companies)
    .set({
      ...(await values(tx, ctx, body, ownerId, before.customFields)),
      version: sql`${companies.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(companyScope(ctx), eq(companies.id, id), eq(companies.version, body.version), isNull(companies.deletedAt)),
    )
    .returning({ id: companies.id });
  if (!rows.length) throw new AppError("conflict", CRM_MESSAGES.versionConflict);
  const kind = ownerId !== before.ownerId ? "owner_changed" : "updated";
  await recordTimelineEvent(tx, {
    agencyId: ctx.agencyId,
    recordType: "company",
    recordId: id,
    kind,
    actorId: ctx.user.id,
  });
  await recordAudit(tx, ctx.actor, { action: "update", resourceType: "company", resourceId: id });
  return (await findCompany(tx, ctx, id)) as Company;
}

/** Soft delete (30-day undo through restore). */
export async function deleteCompany(tx: Tx, ctx: CrmContext, id: string, now: Date): Promise<void> {
  const rows = await tx
    .update(companies)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(companyScope(ctx), eq(companies.id, id), isNull(companies.deletedAt)))
    .returning({ id: companies.id });
  if (!rows.length) throw new AppError("not_found", CRM_MESSAGES.companyNotFound);
  await recordTimelineEvent(tx, {
    agencyId: ctx.agencyId,
    recordType: "company",
    recordId: id,
    kind: "deleted",
    actorId: ctx.user.id,
  });
  await recordAudit(tx, ctx.actor, { action: "delete", resourceType: "company", resourceId: id });
}

/** Companies as restoreRecord undoes their delete. */
export const COMPANY_RECORDS = {
  table: companies,
  scope: companyScope,
  recordType: "company",
  notFound: CRM_MESSAGES.companyNotFound,
  expired: CRM_MESSAGES.restoreExpired,
} as const;
