import { randomBytes } from "node:crypto";
import { AGENCY_MESSAGES, type CreateAgencyBody, type CreatedAgency } from "#domain/schemas/agencies.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { agencies, agencyInvites } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import type { RouteContext } from "../../http/route.ts";
import { isUniqueViolation, toAgencyRow } from "./agency-row.ts";

const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

type Request = RouteContext<unknown, unknown, never>["request"];
type Tenant = RouteContext<unknown, unknown, never>["tenant"];

/**
 * Creates the agency and, when a first manager e-mail is given, its agency_manager invite in the
 * same transaction (the invites feature did not exist yet, so the row is inserted here).
 */
export async function createAgency(
  deps: Deps,
  tenant: Tenant,
  user: SessionUser,
  body: CreateAgencyBody,
  request: Request,
): Promise<CreatedAgency> {
  try {
    return await tenant(async (tx) => {
      const { firstManagerEmail, ...fields } = body;
      const [agency] = await tx.insert(agencies).values(fields).returning();
      const actor = { userId: user.id, agencyId: agency.id, ...request };
      await recordAudit(tx, actor, {
        action: "create",
        resourceType: "agencies",
        resourceId: agency.id,
        details: { name: agency.name, slug: agency.slug, plan: agency.subscriptionPlan },
      });
      if (!firstManagerEmail) return { agency: toAgencyRow(agency), inviteUrl: null };

      const token = randomBytes(32).toString("base64url");
      const [invite] = await tx
        .insert(agencyInvites)
        .values({
          agencyId: agency.id,
          email: firstManagerEmail,
          role: "agency_manager",
          invitedBy: user.id,
          token,
          expiresAt: new Date(deps.now().getTime() + INVITE_LIFETIME_MS),
        })
        .returning({ id: agencyInvites.id });
      await recordAudit(tx, actor, {
        action: "create_invite",
        resourceType: "agency_invites",
        resourceId: invite.id,
        details: { email: firstManagerEmail, role: "agency_manager" },
      });
      return { agency: toAgencyRow(agency), inviteUrl: `${deps.config.publicUrl}/accept-invite/${token}` };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", AGENCY_MESSAGES.slugTaken);
    throw error;
  }
}
