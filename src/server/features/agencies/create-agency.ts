import { AGENCY_MESSAGES, type CreateAgencyBody, type CreatedAgency } from "#domain/schemas/agencies.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client.ts";
import { agencies } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import type { RouteContext } from "../../http/route.ts";
import { createInvite } from "../invites/create-invite.ts";
import { inviteUrlFor, sendInviteEmail } from "../invites/send-invite-email.ts";
import { isUniqueViolation, toAgencyRow } from "./agency-row.ts";
import { actorOf } from "../../audit/audit-actor.ts";

type Request = RouteContext<unknown, unknown, never>["request"];
type Tenant = RouteContext<unknown, unknown, never>["tenant"];

/**
 * Creates the agency and, when a first manager e-mail is given, its agency_manager invite in the
 * same transaction (through the shared createInvite); the invite e-mail goes out after commit.
 */
export async function createAgency(
  deps: Deps,
  tenant: Tenant,
  user: SessionUser,
  body: CreateAgencyBody,
  request: Request,
): Promise<CreatedAgency> {
  const { agency, invite } = await insertAgency(deps, tenant, user, body, request);
  if (!invite) return { agency: toAgencyRow(agency), inviteUrl: null };
  await sendInviteEmail(deps, invite, agency.name);
  return { agency: toAgencyRow(agency), inviteUrl: inviteUrlFor(deps.config.publicUrl, invite.token) };
}

/**
 * A first manager must be able to accept: an e-mail of a member of another agency, or of a super
 * admin, would leave the new agency with an invite nobody can take (a user belongs to one agency).
 * The super admin's transaction sees every profile.
 */
async function assertFreeToManage(tx: Tx, email: string): Promise<void> {
  const [taken] = await queryRows<{ id: string }>(
    tx,
    sql`select id from profiles where lower(email) = ${email.trim().toLowerCase()}
          and (agency_id is not null or role = 'super_admin') limit 1`,
  );
  if (taken) throw new AppError("conflict", AGENCY_MESSAGES.managerIsMember);
}

async function insertAgency(deps: Deps, tenant: Tenant, user: SessionUser, body: CreateAgencyBody, request: Request) {
  try {
    return await tenant(async (tx) => {
      const { firstManagerEmail, ...fields } = body;
      const [agency] = await tx.insert(agencies).values(fields).returning();
      const actor = actorOf(user, agency.id, request);
      await recordAudit(tx, actor, {
        action: "create",
        resourceType: "agencies",
        resourceId: agency.id,
        details: { name: agency.name, slug: agency.slug, plan: agency.subscriptionPlan },
      });
      if (!firstManagerEmail) return { agency, invite: null };
      await assertFreeToManage(tx, firstManagerEmail);
      const invite = await createInvite(
        tx,
        actor,
        { agencyId: agency.id, email: firstManagerEmail, role: "agency_manager", invitedBy: user.id },
        deps.now(),
      );
      return { agency, invite };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", AGENCY_MESSAGES.slugTaken);
    throw error;
  }
}
