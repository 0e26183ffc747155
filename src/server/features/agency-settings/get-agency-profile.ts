import type { AgencyProfile } from "#domain/schemas/agency-profile.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { toAgencyProfile } from "./agency-profile-row.ts";
import { findOwnAgency, ownAgencyId, type Tenant } from "./own-agency.ts";

export async function getAgencyProfile(tenant: Tenant, user: SessionUser): Promise<AgencyProfile> {
  const agencyId = ownAgencyId(user);
  return toAgencyProfile(await tenant((tx) => findOwnAgency(tx, agencyId)));
}
