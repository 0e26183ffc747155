import { CRM_MESSAGES, type CrmRecordType } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";
import { findCompany } from "./company-row.ts";
import { findContact } from "./contact-row.ts";
import type { CrmContext } from "./crm-context.ts";
import { findDeal } from "./deal-row.ts";

const NOT_FOUND = {
  contact: CRM_MESSAGES.contactNotFound,
  company: CRM_MESSAGES.companyNotFound,
  deal: CRM_MESSAGES.dealNotFound,
};

/** 404 unless the record is the agency's and in the caller's scope (a closer never reaches another's deal). */
export async function assertRecordInReach(tx: Tx, ctx: CrmContext, type: CrmRecordType, id: string): Promise<void> {
  const found =
    type === "contact"
      ? await findContact(tx, ctx, id)
      : type === "company"
        ? await findCompany(tx, ctx, id)
        : await findDeal(tx, ctx, id);
  if (!found) throw new AppError("not_found", NOT_FOUND[type]);
}
