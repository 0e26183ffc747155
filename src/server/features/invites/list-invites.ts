import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { PendingInvitesPage } from "#domain/schemas/invites.ts";
import type { Tx } from "../../db/client.ts";
import { decodeCursor, pageOf } from "../../db/keyset-cursor.ts";
import { agencyInvites } from "../../db/schema.ts";
import { toPendingInvite } from "./pending-invite.ts";

type Options = { cursor?: string; limit: number; publicUrl: string; now: Date };

/**
 * Not-yet-accepted invites of the agency, newest first (spec §7), paged by (created_at, id) over
 * the partial index agency_invites_pending_idx. Expired ones stay listed, flagged, until replaced.
 */
export async function listInvites(tx: Tx, agencyId: string, options: Options): Promise<PendingInvitesPage> {
  const cursor = decodeCursor(options.cursor);
  const rows = await tx
    .select({ invite: agencyInvites, exactCreatedAt: sql<string>`${agencyInvites.createdAt}::text` })
    .from(agencyInvites)
    .where(
      and(
        eq(agencyInvites.agencyId, agencyId),
        isNull(agencyInvites.acceptedAt),
        cursor
          ? sql`(${agencyInvites.createdAt}, ${agencyInvites.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(agencyInvites.createdAt), desc(agencyInvites.id))
    .limit(options.limit + 1);
  const { page, nextCursor } = pageOf(rows, options.limit, (row) => ({
    createdAt: row.exactCreatedAt,
    id: row.invite.id,
  }));
  return { invites: page.map((row) => toPendingInvite(row.invite, options.publicUrl, options.now)), nextCursor };
}
