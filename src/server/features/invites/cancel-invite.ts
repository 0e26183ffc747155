import { and, eq, isNull } from "drizzle-orm";
import { INVITE_MESSAGES } from "#domain/schemas/invites.ts";
import { type AuditActor, recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { agencyInvites } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";

/** Cancelling deletes the pending invite (spec §4); another agency's or an accepted invite is 404. */
export async function cancelInvite(tx: Tx, actor: AuditActor, agencyId: string, inviteId: string): Promise<void> {
  const [removed] = await tx
    .delete(agencyInvites)
    .where(and(eq(agencyInvites.id, inviteId), eq(agencyInvites.agencyId, agencyId), isNull(agencyInvites.acceptedAt)))
    .returning({ id: agencyInvites.id, email: agencyInvites.email, role: agencyInvites.role });
  if (!removed) throw new AppError("not_found", INVITE_MESSAGES.notFound);
  await recordAudit(tx, actor, {
    action: "cancel_invite",
    resourceType: "agency_invites",
    resourceId: removed.id,
    details: { email: removed.email, role: removed.role },
  });
}
