import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import ical from "ical-generator";
import { type AuditActor, recordAudit } from "../../audit/record-audit.ts";
import { type Database, type Queryable, queryRows } from "../../db/client.ts";
import { calendarFeeds } from "../../db/schema.ts";
import { withTenant } from "../../db/tenant.ts";
import type { Caller } from "../projects/delivery-scope.ts";
import { feedEvent } from "./feed-event.ts";
import { listCalendarItems } from "./list-calendar-items.ts";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const DAY = 86_400_000;

/**
 * A new secret feed URL for the caller; the previous one stops working. Only the hash is kept.
 * The link is a credential (it reads the calendar without a session): audited like an API key.
 */
export async function createFeedToken(tx: Queryable, caller: Caller, now: Date, actor: AuditActor): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx
    .insert(calendarFeeds)
    .values({ agencyId: caller.agencyId, userId: caller.user.id, tokenHash: hashOf(token), createdAt: now })
    .onConflictDoUpdate({
      target: [calendarFeeds.agencyId, calendarFeeds.userId],
      set: { tokenHash: hashOf(token), createdAt: now },
    });
  await recordAudit(tx, actor, { action: "create", resourceType: "calendar_feeds", resourceId: caller.user.id });
  return token;
}

/** Revokes the caller's link; revoking when there is none changes (and audits) nothing. */
export async function revokeFeed(tx: Queryable, caller: Caller, actor: AuditActor): Promise<void> {
  const revoked = await tx
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.agencyId, caller.agencyId), eq(calendarFeeds.userId, caller.user.id)))
    .returning({ userId: calendarFeeds.userId });
  if (revoked.length)
    await recordAudit(tx, actor, { action: "delete", resourceType: "calendar_feeds", resourceId: caller.user.id });
}

export async function feedStatus(tx: Queryable, caller: Caller) {
  const [row] = await tx
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.agencyId, caller.agencyId), eq(calendarFeeds.userId, caller.user.id)));
  return { active: Boolean(row), createdAt: row ? new Date(row.createdAt).toISOString() : null };
}

/**
 * The iCalendar text of the feed holding `token` (null when none does): the owner's calendar
 * from 30 days back to 180 ahead, read under its own tenant context and record scope.
 */
export async function renderFeed(
  database: Database,
  token: string,
  publicUrl: string,
  now: Date,
): Promise<string | null> {
  // The secret is the credential: its hash names the owner (migration 0014) before any tenant context exists.
  type Owner = { user_id: string; agency_id: string; role: string; timezone: string; agency_name: string };
  const [owner] = await withTenant(database, { userId: null, agencyId: null, isSuperAdmin: false }, (tx) =>
    queryRows<Owner>(tx, sql`SELECT * FROM app_calendar_feed_owner(${hashOf(token)})`),
  );
  if (!owner) return null;
  const items = await withTenant(
    database,
    { userId: owner.user_id, agencyId: owner.agency_id, isSuperAdmin: false },
    async (tx) => {
      const [scope] = await queryRows<{ record_scope: "all" | "own" }>(
        tx,
        sql`SELECT record_scope FROM role_permissions WHERE role = ${owner.role} AND module = 'projetos_calendario'`,
      );
      const caller = {
        user: { id: owner.user_id } as Caller["user"],
        agencyId: owner.agency_id,
        scope: scope?.record_scope ?? "own",
      } satisfies Caller;
      return listCalendarItems(tx, caller, new Date(now.getTime() - 30 * DAY), new Date(now.getTime() + 180 * DAY));
    },
  );
  // No calendar time zone: ical-generator then writes UTC instants (…Z), which every client places
  // right; with one and no VTIMEZONE it wrote UTC digits as local time, 3 h late (outside QA, delivery #2).
  const calendar = ical({ name: `Nexo – ${owner.agency_name}`, prodId: { company: "Nexo", product: "Nexo" } });
  for (const item of items) calendar.createEvent(feedEvent(item, owner.timezone, publicUrl));
  return calendar.toString();
}
