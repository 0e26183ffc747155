import type { AgencyProfile } from "#domain/schemas/agency-profile.ts";
import { knownCurrency, knownTimezone } from "#domain/schemas/agency-settings.ts";
import type { agencies } from "../../db/schema.ts";

export function toAgencyProfile(agency: typeof agencies.$inferSelect): AgencyProfile {
  return {
    id: agency.id,
    name: agency.name,
    contactEmail: agency.contactEmail,
    contactPhone: agency.contactPhone,
    website: agency.website,
    taxId: agency.taxId,
    primaryColor: agency.primaryColor,
    address: agency.address,
    city: agency.city,
    state: agency.state,
    zipCode: agency.zipCode,
    country: agency.country,
    timezone: knownTimezone(agency.timezone),
    currency: knownCurrency(agency.currency),
    logoUrl: agency.logoUrl,
    updatedAt: new Date(agency.updatedAt).toISOString(),
  };
}
