import { and, eq, isNull } from "drizzle-orm";
import { isCalendarDate } from "#domain/calendar-date.ts";
import { parseBrNumber } from "#domain/br-number.ts";
import { canNameOwner } from "#domain/crm/owner-scope.ts";
import { CRM_MESSAGES } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { companies, crmCustomFields, profiles } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { CrmContext } from "./crm-context.ts";

/** An owner or assignee must be a member of the agency. */
export async function assertMember(tx: Tx, agencyId: string, userId: string | null | undefined): Promise<void> {
  if (!userId) return;
  const [row] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, userId), eq(profiles.agencyId, agencyId)))
    .limit(1);
  if (!row) throw new AppError("validation_failed", CRM_MESSAGES.ownerNotMember);
}

/**
 * A record's owner after a create or an edit: a member of the agency and, for a caller whose
 * record scope is "own", the caller itself (row-level security would refuse the row anyway;
 * this answers 403 in pt-BR before anything is written).
 */
export async function assertOwnerAllowed(tx: Tx, ctx: CrmContext, ownerId: string | null | undefined): Promise<void> {
  if (!canNameOwner(ctx.scope, ctx.user.id, ownerId)) throw new AppError("forbidden", CRM_MESSAGES.ownerOutOfScope);
  await assertMember(tx, ctx.agencyId, ownerId);
}

/** A linked company must be one of the agency's, not deleted, in the caller's reach. */
export async function assertCompany(tx: Tx, agencyId: string, companyId: string | null | undefined): Promise<void> {
  if (!companyId) return;
  const [row] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.agencyId, agencyId), isNull(companies.deletedAt)))
    .limit(1);
  if (!row) throw new AppError("not_found", CRM_MESSAGES.companyNotFound);
}

type FieldDef = { id: string; label: string; fieldType: string; options: string[] };

export function loadCustomFields(
  tx: Tx,
  agencyId: string,
  entity: "contact" | "company" | "deal",
): Promise<FieldDef[]> {
  return tx
    .select({
      id: crmCustomFields.id,
      label: crmCustomFields.label,
      fieldType: crmCustomFields.fieldType,
      options: crmCustomFields.options,
    })
    .from(crmCustomFields)
    .where(and(eq(crmCustomFields.agencyId, agencyId), eq(crmCustomFields.entity, entity)));
}

export type CustomValues = Record<string, string | number | null>;

/**
 * The custom values a record keeps after a save: those sent are checked against the agency's
 * current definitions (unknown fields, numbers that are not numbers, bad dates and options not
 * offered are refused), except a value sent back unchanged, which is kept as stored: a record
 * never fails to save because of a value its user did not touch (an option the manager took out,
 * a field removed since). Values not sent stay as stored (nothing is dropped by a form that only
 * shows today's fields).
 */
export async function checkCustomFields(
  tx: Tx,
  agencyId: string,
  entity: "contact" | "company" | "deal",
  values: CustomValues,
  stored: Record<string, unknown> = {},
): Promise<CustomValues> {
  const changed = Object.fromEntries(Object.entries(values).filter(([key, value]) => !sameValue(stored, key, value)));
  const kept = stored as CustomValues;
  if (!Object.keys(changed).length) return { ...kept };
  return { ...kept, ...validateCustomFields(await loadCustomFields(tx, agencyId, entity), changed) };
}

function sameValue(stored: Record<string, unknown>, key: string, value: string | number | null): boolean {
  if (!Object.hasOwn(stored, key)) return false;
  const before = stored[key];
  return before === value || ((before === null || before === "") && (value === null || value === ""));
}

export function validateCustomFields(fields: FieldDef[], values: CustomValues): CustomValues {
  const out: CustomValues = {};
  for (const key of Object.keys(values)) {
    const field = fields.find((f) => f.id === key);
    const value = values[key];
    const invalid = () =>
      new AppError("validation_failed", `${CRM_MESSAGES.customFieldInvalid}: ${field?.label ?? key}`);
    if (!field) throw invalid();
    if (value === null || value === "") {
      out[key] = null;
      continue;
    }
    if (field.fieldType === "number") {
      const n = typeof value === "number" ? value : parseBrNumber(String(value));
      if (n === null || !Number.isFinite(n)) throw invalid();
      out[key] = n;
    } else if (field.fieldType === "date") {
      if (typeof value !== "string" || !isCalendarDate(value)) throw invalid();
      out[key] = value;
    } else if (field.fieldType === "select") {
      if (!field.options.includes(String(value))) throw invalid();
      out[key] = String(value);
    } else {
      out[key] = String(value);
    }
  }
  return out;
}
