import { actorOf } from "../../audit/audit-actor.ts";
import { eq } from "drizzle-orm";
import { sniffImageType } from "#domain/image-type.ts";
import { AGENCY_PROFILE_MESSAGES, type AgencyProfile, LOGO_MAX_BYTES } from "#domain/schemas/agency-profile.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { agencies } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import { toAgencyProfile } from "./agency-profile-row.ts";
import { logoUrl, storeLogo } from "./agency-logo-file.ts";
import { findOwnAgency, ownAgencyId, type RequestMeta, type Tenant } from "./own-agency.ts";

/**
 * Stores the request body as the agency's logo. The type is decided by the file's first bytes,
 * never by its name or declared content type, so a renamed text file is refused.
 */
export async function uploadAgencyLogo(
  deps: Deps,
  tenant: Tenant,
  user: SessionUser,
  bytes: Uint8Array,
  request: RequestMeta,
): Promise<AgencyProfile> {
  const agencyId = ownAgencyId(user);
  if (bytes.byteLength > LOGO_MAX_BYTES) throw new AppError("payload_too_large", AGENCY_PROFILE_MESSAGES.logoTooLarge);
  const type = sniffImageType(bytes);
  if (!type) throw new AppError("unsupported_media_type", AGENCY_PROFILE_MESSAGES.logoNotImage);
  const now = deps.now();
  return tenant(async (tx) => {
    await findOwnAgency(tx, agencyId);
    const [agency] = await tx
      .update(agencies)
      .set({ logoUrl: logoUrl(agencyId, now), updatedAt: now })
      .where(eq(agencies.id, agencyId))
      .returning();
    await recordAudit(tx, actorOf(user, agencyId, request), {
      action: "update",
      resourceType: "agencies",
      resourceId: agencyId,
      details: { logo: { type, bytes: bytes.byteLength } },
    });
    // The file last, still inside the transaction: if the row or its audit fails, the old logo
    // stays on disk; if writing the file fails, the row and the audit roll back.
    await storeLogo(deps.storage, agencyId, type, bytes);
    return toAgencyProfile(agency);
  });
}
