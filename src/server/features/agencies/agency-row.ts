import type { AgencyRow } from "#domain/schemas/agencies.ts";
import type { agencies } from "../../db/schema.ts";

export function toAgencyRow(agency: typeof agencies.$inferSelect): AgencyRow {
  return {
    id: agency.id,
    name: agency.name,
    slug: agency.slug,
    domain: agency.domain,
    contactEmail: agency.contactEmail,
    contactPhone: agency.contactPhone,
    subscriptionPlan: agency.subscriptionPlan,
    subscriptionStatus: agency.subscriptionStatus,
    maxUsers: agency.maxUsers,
    maxClients: agency.maxClients,
    maxProjects: agency.maxProjects,
    createdAt: new Date(agency.createdAt).toISOString(),
  };
}

/** True when a database error (possibly wrapped by the driver layer) is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
