import { actorOf } from "../../audit/audit-actor.ts";
import { eq } from "drizzle-orm";
import type { AgencyProfile, AgencyProfileBody } from "#domain/schemas/agency-profile.ts";
import { brazilianFieldsSchema } from "#domain/schemas/brazilian-fields.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { agencies } from "../../db/schema.ts";
import { parseOrRefuse } from "../../http/validation.ts";
import { toAgencyProfile } from "./agency-profile-row.ts";
import { findOwnAgency, ownAgencyId, type RequestMeta, type Tenant } from "./own-agency.ts";

/**
 * Saves the Perfil form on the user's own agency (spec §7: the form fields plus updated_at). CNPJ,
 * CEP and phone are checked against the stored ones: a value saved before they were checked may stay.
 */
export async function updateAgencyProfile(
  tenant: Tenant,
  user: SessionUser,
  body: AgencyProfileBody,
  request: RequestMeta,
  now: Date,
): Promise<AgencyProfile> {
  const agencyId = ownAgencyId(user);
  return tenant(async (tx) => {
    const before = await findOwnAgency(tx, agencyId);
    const { taxId, zipCode, contactPhone } = body;
    const fields = { ...body, ...parseOrRefuse(brazilianFieldsSchema(before), { taxId, zipCode, contactPhone }) };
    const [agency] = await tx
      .update(agencies)
      .set({ ...fields, updatedAt: now })
      .where(eq(agencies.id, agencyId))
      .returning();
    const changed = Object.fromEntries(
      Object.entries(fields).filter(([field, value]) => before[field as keyof typeof before] !== value),
    );
    await recordAudit(tx, actorOf(user, agencyId, request), {
      action: "update",
      resourceType: "agencies",
      resourceId: agencyId,
      details: { changed },
    });
    return toAgencyProfile(agency);
  });
}
