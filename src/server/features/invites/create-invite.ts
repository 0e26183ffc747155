import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { INVITE_MESSAGES, userLimitReached } from "#domain/schemas/invites.ts";
import type { Role } from "#domain/roles.ts";
import { type AuditActor, recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { agencies, agencyInvites, profiles } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { isUniqueViolation } from "../agencies/agency-row.ts";

/** Invite validity (spec §9). */
export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** 32 random bytes: a 256-bit secret, 43 base64url characters. */
export const INVITE_TOKEN_BYTES = 32;

export type NewInvite = { agencyId: string; email: string; role: Role; invitedBy: string | null };

export type CreatedInvite = {
  id: string;
  agencyId: string;
  email: string;
  role: Role;
  token: string;
  expiresAt: Date;
  createdAt: Date;
};

/**
 * The one way an invite is born (agency creation and the Usuários tab): refuses a pending,
 * unexpired invite for the same e-mail in the agency, and a current member; replaces an expired
 * one; writes the invite and its audit row in the caller's transaction.
 *
 * The agency's members plus its pending invites may not exceed its plan's max_users.
 *
 * Parallel requests for one agency + e-mail queue on a transaction-scoped advisory lock, so
 * exactly one of them creates the invite; the partial unique index is the last line of defence.
 */
export async function createInvite(tx: Tx, actor: AuditActor, input: NewInvite, now: Date): Promise<CreatedInvite> {
  const email = input.email.trim().toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invite:${input.agencyId}:${email}`}, 0))`);
  await assertNotMember(tx, input.agencyId, email);
  await assertNoPendingInvite(tx, input.agencyId, email, now);
  await assertSeatAvailable(tx, input.agencyId, now);
  try {
    const [invite] = await tx
      .insert(agencyInvites)
      .values({
        agencyId: input.agencyId,
        email,
        role: input.role,
        invitedBy: input.invitedBy,
        token: randomBytes(INVITE_TOKEN_BYTES).toString("base64url"),
        expiresAt: new Date(now.getTime() + INVITE_LIFETIME_MS),
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: "create_invite",
      resourceType: "agency_invites",
      resourceId: invite.id,
      details: { email, role: input.role },
    });
    return { ...invite, role: input.role };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", INVITE_MESSAGES.duplicate);
    throw error;
  }
}

async function assertNotMember(tx: Tx, agencyId: string, email: string): Promise<void> {
  const [member] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.agencyId, agencyId), sql`lower(${profiles.email}) = ${email}`))
    .limit(1);
  if (member) throw new AppError("conflict", INVITE_MESSAGES.alreadyMember);
}

/** An expired, never-accepted invite no longer counts: it is removed so the new one may take its place. */
async function assertNoPendingInvite(tx: Tx, agencyId: string, email: string, now: Date): Promise<void> {
  const sameAddress = and(
    eq(agencyInvites.agencyId, agencyId),
    sql`lower(${agencyInvites.email}) = ${email}`,
    isNull(agencyInvites.acceptedAt),
  );
  const [pending] = await tx
    .select({ id: agencyInvites.id })
    .from(agencyInvites)
    .where(and(sameAddress, gt(agencyInvites.expiresAt, now)))
    .limit(1);
  if (pending) throw new AppError("conflict", INVITE_MESSAGES.duplicate);
  await tx.delete(agencyInvites).where(and(sameAddress, lte(agencyInvites.expiresAt, now)));
}

/**
 * Plan limit (agencies.max_users): members and pending, unexpired invites together may not exceed it.
 */
async function assertSeatAvailable(tx: Tx, agencyId: string, now: Date): Promise<void> {
  const seats = await seatsInUse(tx, agencyId, now);
  if (seats && seats.used >= seats.maxUsers) throw new AppError("conflict", userLimitReached(seats.maxUsers));
}

/**
 * The agency's members plus its pending, unexpired invites, and its max_users (null: no such
 * agency). Takes the agency's seat lock first, so invites and a change of the limit queue on it
 * and two of them cannot both count the last seat as free.
 */
export async function seatsInUse(
  tx: Tx,
  agencyId: string,
  now: Date,
): Promise<{ used: number; maxUsers: number } | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invite-seats:${agencyId}`}, 0))`);
  const [agency] = await tx
    .select({ maxUsers: agencies.maxUsers })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
    .limit(1);
  if (!agency) return null;
  const [members] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(profiles)
    .where(eq(profiles.agencyId, agencyId));
  const [pending] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(agencyInvites)
    .where(
      and(eq(agencyInvites.agencyId, agencyId), isNull(agencyInvites.acceptedAt), gt(agencyInvites.expiresAt, now)),
    );
  return { used: Number(members.count) + Number(pending.count), maxUsers: agency.maxUsers };
}
