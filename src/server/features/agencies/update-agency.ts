import { eq } from "drizzle-orm";
import {
  AGENCY_MESSAGES,
  type AgencyRow,
  maxUsersBelowSeats,
  type UpdateAgencyBody,
} from "#domain/schemas/agencies.ts";
import { brazilianFieldsSchema } from "#domain/schemas/brazilian-fields.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { agencies } from "../../db/schema.ts";
import { AppError, MESSAGES } from "../../http/errors.ts";
import type { RouteContext } from "../../http/route.ts";
import { parseOrRefuse } from "../../http/validation.ts";
import { seatsInUse } from "../invites/create-invite.ts";
import { isUniqueViolation, toAgencyRow } from "./agency-row.ts";
import { actorOf } from "../../audit/audit-actor.ts";

type Request = RouteContext<unknown, unknown, never>["request"];
type Tenant = RouteContext<unknown, unknown, never>["tenant"];

/**
 * Edits an agency; switching subscription_status to inactive locks its users out at the session
 * layer. The user limit may not be lowered below the members and pending invites it already has.
 * The phone is checked against the stored one: a value saved before phones were checked may stay,
 * so it never blocks a deactivation.
 */
export async function updateAgency(
  tenant: Tenant,
  user: SessionUser,
  agencyId: string,
  body: UpdateAgencyBody,
  request: Request,
): Promise<AgencyRow> {
  try {
    return await tenant(async (tx) => {
      const [before] = await tx.select().from(agencies).where(eq(agencies.id, agencyId));
      if (!before) throw new AppError("not_found", MESSAGES.notFound);
      const { contactPhone } = parseOrRefuse(brazilianFieldsSchema(before).pick({ contactPhone: true }), body);
      const fields = { ...body, contactPhone };
      // Only a lowered limit is checked: an agency already over its limit can still be edited.
      if (body.maxUsers < before.maxUsers) {
        const seats = await seatsInUse(tx, agencyId, new Date());
        if (seats && body.maxUsers < seats.used) throw new AppError("conflict", maxUsersBelowSeats(seats.used));
      }
      const [agency] = await tx
        .update(agencies)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(agencies.id, agencyId))
        .returning();
      const changed = Object.fromEntries(
        Object.entries(fields).filter(([key, value]) => before[key as keyof typeof before] !== value),
      );
      await recordAudit(tx, actorOf(user, agencyId, request), {
        action: "update",
        resourceType: "agencies",
        resourceId: agencyId,
        details: { changed },
      });
      return toAgencyRow(agency);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", AGENCY_MESSAGES.slugTaken);
    throw error;
  }
}
