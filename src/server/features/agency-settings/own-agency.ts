import { eq } from "drizzle-orm";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Tx } from "../../db/client.ts";
import { agencies } from "../../db/schema.ts";
import { AppError, MESSAGES } from "../../http/errors.ts";
import type { RouteContext } from "../../http/route.ts";

export type Tenant = RouteContext<unknown, unknown, never>["tenant"];
export type RequestMeta = RouteContext<unknown, unknown, never>["request"];

export const AGENCY_NOT_FOUND = "Agência não encontrada";

/** The settings screen edits the user's own agency; a user without one gets the spec §8 message. */
export function ownAgencyId(user: SessionUser): string {
  if (!user.agencyId) throw new AppError("no_agency", MESSAGES.noAgency);
  return user.agencyId;
}

/** The agency row, read under RLS and filtered by id (two locks); 404 when it is not visible. */
export async function findOwnAgency(tx: Tx, agencyId: string): Promise<typeof agencies.$inferSelect> {
  const [agency] = await tx.select().from(agencies).where(eq(agencies.id, agencyId));
  if (!agency) throw new AppError("not_found", AGENCY_NOT_FOUND);
  return agency;
}
