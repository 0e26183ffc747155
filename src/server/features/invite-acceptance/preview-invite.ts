import { sql } from "drizzle-orm";
import {
  acceptInviteSchema,
  INVITE_ACCEPTANCE_MESSAGES,
  type InvitePreview,
} from "#domain/schemas/invite-acceptance.ts";
import { normalizeRole } from "#domain/roles.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import { assertInvitePending, findInviteByToken } from "./find-invite.ts";

/**
 * The invite landing page of a signed-out visitor: agency, role, e-mail and whether that e-mail has
 * an account. Owner connection, like acceptance: the visitor belongs to no agency yet.
 */
export async function previewInvite(deps: Deps, rawToken: string): Promise<InvitePreview> {
  const parsed = acceptInviteSchema.safeParse({ token: rawToken });
  if (!parsed.success) throw new AppError("not_found", INVITE_ACCEPTANCE_MESSAGES.invalid);
  const invite = await findInviteByToken(deps.database.owner, parsed.data.token);
  assertInvitePending(invite, deps.now());
  return {
    agencyName: invite.agency_name,
    email: invite.email,
    role: normalizeRole(invite.role),
    expiresAt: new Date(invite.expires_at).toISOString(),
    hasAccount: await hasAccount(deps.database.owner, invite.email),
  };
}

async function hasAccount(db: Queryable, email: string): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from "user" where lower(email) = lower(${email}) limit 1`,
  );
  return rows.length > 0;
}
