import { sql } from "drizzle-orm";
import { INVITE_ACCEPTANCE_MESSAGES as M } from "#domain/schemas/invite-acceptance.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";

export type InviteRow = {
  id: string;
  agency_id: string;
  agency_name: string;
  email: string;
  role: string;
  expires_at: Date | string;
  accepted_at: Date | string | null;
  invited_by: string | null;
};

/**
 * The invite holding this exact token, with its agency's name; `forUpdate` locks the row until the
 * transaction ends, so parallel acceptances of one token queue and only the first finds it pending.
 */
export async function findInviteByToken(db: Queryable, token: string, forUpdate = false): Promise<InviteRow | null> {
  const [row] = await queryRows<InviteRow>(
    db,
    sql`select i.id, i.agency_id, a.name as agency_name, i.email, i.role, i.expires_at, i.accepted_at, i.invited_by
          from agency_invites i
          join agencies a on a.id = i.agency_id
         where i.token = ${token}
         ${forUpdate ? sql`for update of i` : sql``}`,
  );
  return row ?? null;
}

/** Refuses a token that no invite holds (never created, or cancelled), was used, or has expired. */
export function assertInvitePending(invite: InviteRow | null, now: Date): asserts invite is InviteRow {
  if (!invite) throw new AppError("not_found", M.invalid);
  if (invite.accepted_at !== null) throw new AppError("conflict", M.alreadyAccepted);
  if (new Date(invite.expires_at).getTime() <= now.getTime()) throw new AppError("gone", M.expired);
}

export function isAddressedTo(invite: InviteRow, email: string): boolean {
  return invite.email.trim().toLowerCase() === email.trim().toLowerCase();
}
