import { CRM_MESSAGES, type Deal, type MoveDealBody } from "#domain/schemas/crm.ts";
import type { TimelineKind } from "#domain/timeline-kinds.ts";
import { webhookEventOfTimeline } from "#domain/webhook-events.ts";
import { isoTextOf, type SqlStatement, type TenantRows, type TenantWrite } from "../../db/tenant.ts";
import { AppError } from "../../http/errors.ts";
import { spreadKeyBetween, stageOrderLockName } from "./deal-order.ts";

// The move writes its timeline entry in SQL, not through recordTimelineEvent: that is only right
// while no webhook listens to a stage change.
const STAGE_CHANGED: TimelineKind = "stage_changed";
if (webhookEventOfTimeline("deal", STAGE_CHANGED)) throw new Error("a deal's move must emit its webhook");

/** Who moves the deal, as the audit row records them. */
export type Mover = { agencyId: string; userId: string; ip: string | null; userAgent: string | null };

/** A move reads, then writes only if what it read still stands: tries again this often when it did not. */
const MOVE_ATTEMPTS = 8;

const NO_ID = "00000000-0000-0000-0000-000000000000";

/** The caller reaches the deal `l` (record scope of crm_pipelines: all, or the ones it owns). */
const inScope = "((SELECT app_scope_all('crm_pipelines')) OR l.owner_id = $2)";
/** `l` is another live card of stage $4 the caller reaches ($3 is the deal moving). */
const otherCardOfStage = `l.agency_id = $1 AND l.stage_id = $4 AND l.deleted_at IS NULL AND l.id <> $3 AND ${inScope}`;

// Both statements are written so that a generic plan (what PostgreSQL keeps for a prepared
// statement after five runs, blind to a stage's size) can only reach a card by the primary key or
// seek in the board's index, never walk a column: with the stage and a key as equalities it rated
// the (agency, stage, outcome, position) index as good as the board's and walked the whole column
// (1 ms of a 10,000-card stage, half the write's time); a row comparison holding anything but bare
// parameters is only a filter, and finding the card after the 5,000th read 5,000 entries (2.9 ms).

/** `l` is the card to follow (its id in `idParam`), a card of stage $4 the caller reaches: by its id alone. */
const cardToFollow = (idParam: string) => `l.id = ${idParam}::uuid AND l.agency_id = $1::uuid
  AND l.stage_id IS NOT DISTINCT FROM $4::uuid AND l.deleted_at IS NULL AND l.id <> $3::uuid AND ${inScope}`;

/**
 * $1 agency, $2 user, $3 deal, $4 stage, $5 card to follow (null: first). One row: the deal's
 * version, stage and stage name (null when the caller does not reach it), the target stage's name
 * (null when not the agency's), the card to follow (id and key; null when it is not a card of that
 * stage the caller reaches), and the key of the card after it, or of the stage's first card.
 */
export const READ_MOVE: SqlStatement = {
  name: "nexo_deal_move_read",
  text: `WITH after AS MATERIALIZED (
        SELECT l.id, l.position FROM (SELECT 1) AS one LEFT JOIN leads l ON ${cardToFollow("$5")})
      SELECT d.version, d.stage_id::text, d.stage, s.name, after.id::text, after.position, n.position
      FROM after
      LEFT JOIN LATERAL (
        SELECT l.version, l.stage_id, l.stage FROM leads l
         WHERE l.agency_id = $1::uuid AND l.id = $3::uuid AND l.deleted_at IS NULL AND ${inScope}) d ON true
      LEFT JOIN LATERAL (SELECT s.name FROM pipeline_stages s WHERE s.agency_id = $1::uuid AND s.id = $4::uuid) s ON true
      LEFT JOIN LATERAL (
        SELECT l.position FROM leads l
         WHERE ${otherCardOfStage}
           AND (l.position, l.id) > ((SELECT coalesce(position, '') FROM after), (SELECT coalesce(id, '${NO_ID}') FROM after))
         ORDER BY l.position, l.id LIMIT 1) n ON true`,
};

type MoveRead = [
  version: number | null,
  stageId: string | null,
  stageName: string | null,
  toStageName: string | null,
  afterId: string | null,
  afterKey: string | null,
  nextKey: string | null,
];

/** $1 the stage's order lock name: moves into one stage queue on it until their commit. */
const LOCK_STAGE_ORDER: SqlStatement = {
  name: "nexo_deal_order_lock",
  text: "SELECT pg_advisory_xact_lock(hashtextextended($1::text, 0))",
};

/** `l` sits at the new key ($5) or after it, in the board's order: the first such card holds the key when it is taken. */
const fromNewKeyOn = `(l.position, l.id) >= ($5::text, '${NO_ID}'::uuid)`;

/**
 * $1 agency, $2 user, $3 deal, $4 stage, $5 the new key, $6 the version the caller saw (null: any),
 * $7 the stage the deal was read in, $8 and $9 the card it follows (id and key, null: first),
 * $10 now, $11 and $12 the stage names (from, to), $13 IP, $14 user agent. Runs under the target
 * stage's order lock, taken by the statement before it, so it sees every move into the stage
 * committed before it: the deal is updated only if it is still in $7 (at version $6), the card it
 * follows is still at $9 and no card of the stage holds the new key; otherwise no row (the caller
 * reads again). A card another move put in the same gap meanwhile may end up on either side of
 * it. A stage change writes its timeline entry and audit row in the same statement. Answers the
 * deal as GET /api/crm/deals/:id does, as JSON.
 */
export const WRITE_MOVE: SqlStatement = {
  name: "nexo_deal_move_write",
  text: `WITH still AS (
        SELECT ($8::uuid IS NULL OR EXISTS (SELECT 1 FROM leads l WHERE ${cardToFollow("$8")} AND l.position = $9::text))
           AND (SELECT l.position FROM leads l WHERE ${otherCardOfStage} AND ${fromNewKeyOn}
                 ORDER BY l.position, l.id LIMIT 1) IS DISTINCT FROM $5::text AS fits),
      moved AS (
        UPDATE leads l
           SET stage_id = $4::uuid, position = $5::text, version = l.version + 1, updated_at = $10::timestamptz,
               stage_entered_at = CASE WHEN l.stage_id = $4::uuid THEN l.stage_entered_at ELSE $10::timestamptz END
         WHERE l.agency_id = $1::uuid AND l.id = $3::uuid AND l.deleted_at IS NULL AND ${inScope}
           -- IS NOT DISTINCT FROM, not =: with it the board's index would look indexable for the
           -- row, and a cached plan would walk the column's index to find it, not the primary key.
           AND l.stage_id IS NOT DISTINCT FROM $7::uuid AND ($6::int IS NULL OR l.version = $6::int)
           AND (SELECT fits FROM still)
        RETURNING l.*),
      noted AS (
        INSERT INTO timeline_events (agency_id, record_type, record_id, kind, actor_id, details)
        SELECT $1::uuid, 'deal', m.id, '${STAGE_CHANGED}', $2::uuid, jsonb_build_object('from', $11::text, 'to', $12::text)
          FROM moved m WHERE $7::uuid <> $4::uuid),
      audited AS (
        INSERT INTO audit_logs (user_id, agency_id, action, resource_type, resource_id, details, ip_address, user_agent)
        SELECT $2::uuid, $1::uuid, 'update', 'deal', m.id::text,
               jsonb_build_object('stage', jsonb_build_object('from', $11::text, 'to', $12::text)), $13::text, $14::text
          FROM moved m WHERE $7::uuid <> $4::uuid)
      SELECT json_build_object(
        'id', m.id, 'title', m.name, 'valueCents', m.value_cents, 'pipelineId', m.pipeline_id, 'stageId', m.stage_id,
        'position', m.position, 'contactId', m.contact_id, 'contactName', c.name, 'companyId', m.company_id,
        'companyName', coalesce(co.name, m.company), 'ownerId', m.owner_id,
        'ownerName', nullif(trim(p.first_name || ' ' || p.last_name), ''), 'expectedCloseOn', m.expected_close_on,
        'outcome', m.outcome, 'lostReason', m.lost_reason, 'closedAt', ${isoTextOf("m.closed_at")},
        'stageEnteredAt', ${isoTextOf("m.stage_entered_at")}, 'source', m.source, 'tags', m.tags,
        'customFields', m.custom_fields, 'version', m.version, 'createdAt', ${isoTextOf("m.created_at")})
        FROM moved m
        LEFT JOIN customers c ON c.id = m.contact_id
        LEFT JOIN companies co ON co.id = m.company_id
        LEFT JOIN profiles p ON p.id = m.owner_id`,
};

/**
 * Moves a deal to a stage, right after `afterId` (first when null, or when that card is gone), and
 * writes "stage_changed" when the stage changes. Two round trips: the deal and its new neighbours
 * are read, a key between them picked (spread, so moves racing into one gap differ), and the write
 * (its own transaction, under the stage's order lock) checks that what it rests on still stands.
 * When a racing move changed it, it reads again.
 */
export async function moveDeal(
  db: { read: TenantRows; write: TenantWrite },
  mover: Mover,
  id: string,
  body: MoveDealBody,
  now: Date,
): Promise<Deal> {
  for (let attempt = 0; attempt < MOVE_ATTEMPTS; attempt++) {
    const [read] = (await db.read(READ_MOVE, [
      mover.agencyId,
      mover.userId,
      id,
      body.stageId,
      body.afterId,
    ])) as MoveRead[];
    const [version, fromStageId, fromName, toName, afterId, afterKey, nextKey] = read;
    if (version === null || fromStageId === null) throw new AppError("not_found", CRM_MESSAGES.dealNotFound);
    if (body.version !== undefined && body.version !== version)
      throw new AppError("conflict", CRM_MESSAGES.versionConflict);
    if (toName === null) throw new AppError("not_found", CRM_MESSAGES.stageNotFound);
    const [moved] = await db.write(
      WRITE_MOVE,
      [
        mover.agencyId,
        mover.userId,
        id,
        body.stageId,
        spreadKeyBetween(afterKey, nextKey),
        body.version ?? null,
        fromStageId,
        afterId,
        afterKey,
        now.toISOString(),
        fromName,
        toName,
        mover.ip,
        mover.userAgent,
      ],
      { before: [{ statement: LOCK_STAGE_ORDER, params: [stageOrderLockName(body.stageId)] }] },
    );
    if (moved) return moved[0] as Deal;
  }
  throw new AppError("conflict", CRM_MESSAGES.versionConflict);
}
