import { and, desc, eq, inArray, or } from "drizzle-orm";
import { moduleOfRecord, RECORD_TYPES } from "#domain/records.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Tx } from "../../db/client.ts";
import { profiles, timelineEvents } from "../../db/schema.ts";
import { type ModuleAccess, moduleAccessOf } from "../../records/module-access.ts";
import { recordVisibleIf } from "../../records/record-viewers.ts";
import { actorNameSql } from "../notifications/actor-name.ts";
import { toTimelineItem } from "./to-timeline-item.ts";

/**
 * The agency's latest events of records the caller may view (dashboard "Atividade Recente"):
 * the statement keeps only the types whose module it may view, each record checked against its
 * scope, and then takes the latest `limit`, walking timeline_events_agency_created_idx. However
 * many events others wrote since, a scoped caller's own events still show.
 */
export async function listRecentActivity(tx: Tx, user: SessionUser, agencyId: string, limit: number) {
  const access = await moduleAccessOf(tx, user);
  const query = recentActivityQuery(tx, user, agencyId, access, limit);
  if (!query) return [];
  const rows = await query;
  return rows.map((row) => toTimelineItem(row.event, row.actorName));
}

/** The statement of recent activity (null: the caller views no module with records). */
export function recentActivityQuery(tx: Tx, user: SessionUser, agencyId: string, access: ModuleAccess, limit: number) {
  const types = RECORD_TYPES.filter((type) => access.canView(moduleOfRecord(type)));
  if (types.length === 0) return null;
  // Scope "all": an event of the agency is of one of its records, so the type is the whole check
  // (a per-record check there made the planner hash every contact and deal of the agency: 27 ms
  // at 10,000 each). Scope "own": each record checked by its module's rule, over the caller's own.
  const allTypes = types.filter((type) => access.scopeOf(moduleOfRecord(type)) === "all");
  const ownTypes = types.filter((type) => access.scopeOf(moduleOfRecord(type)) === "own");
  const visible = or(
    allTypes.length ? inArray(timelineEvents.recordType, allTypes) : undefined,
    ...ownTypes.map((type) =>
      and(
        eq(timelineEvents.recordType, type),
        recordVisibleIf(tx, type, { user, agencyId, scope: "own" }, timelineEvents.recordId),
      ),
    ),
  );
  return tx
    .select({ event: timelineEvents, actorName: actorNameSql })
    .from(timelineEvents)
    .leftJoin(profiles, eq(profiles.id, timelineEvents.actorId))
    .where(and(eq(timelineEvents.agencyId, agencyId), visible))
    .orderBy(desc(timelineEvents.createdAt), desc(timelineEvents.id))
    .limit(limit);
}
