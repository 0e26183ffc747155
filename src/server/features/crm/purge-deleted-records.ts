import { sql } from "drizzle-orm";
import { recordAudit } from "../../audit/record-audit.ts";
import { type Db, type Queryable, queryRows } from "../../db/client.ts";
import { UNDO_DAYS } from "./restore-record.ts";

const DAY_MS = 86_400_000;
/** Rows of each kind purged per run: a backlog drains over a few runs instead of one long transaction. */
export const PURGE_BATCH = 2000;

/** The soft-deleted CRM tables, with the record type their timeline entries and tasks carry. */
const KINDS = [
  { key: "deals", table: "leads", recordType: "deal" },
  { key: "contacts", table: "customers", recordType: "contact" },
  { key: "companies", table: "companies", recordType: "company" },
] as const;

export type PurgedCounts = Record<(typeof KINDS)[number]["key"], number>;

/**
 * Tables whose foreign key to `table` neither cascades nor sets null (finance documents of a
 * company, today): a row they still point at is kept, not purged, and never fails the run. Read
 * from the catalog, so a table added later is honoured without touching this job.
 */
async function blockingReferences(db: Queryable, table: string): Promise<{ source: string; column: string }[]> {
  return queryRows(
    db,
    sql`SELECT format('%I.%I', n.nspname, cl.relname) AS source, quote_ident(a.attname) AS "column"
        FROM pg_constraint c
        JOIN pg_class cl ON cl.oid = c.conrelid
        JOIN pg_namespace n ON n.oid = cl.relnamespace
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND c.confrelid = ${`public.${table}`}::regclass AND c.confdeltype IN ('a', 'r')
        ORDER BY 1, 2`,
  );
}

async function purgeKind(db: Queryable, kind: (typeof KINDS)[number], cutoff: Date, batch: number) {
  const blockers = await blockingReferences(db, kind.table);
  const kept = blockers.map(
    (b) => sql` AND NOT EXISTS (SELECT 1 FROM ${sql.raw(b.source)} r WHERE r.${sql.raw(b.column)} = t.id)`,
  );
  const table = sql.raw(kind.table);
  const purged = await queryRows<{ id: string; agency_id: string }>(
    db,
    sql`DELETE FROM ${table} WHERE id IN (
          SELECT t.id FROM ${table} t
          WHERE t.deleted_at IS NOT NULL AND t.deleted_at < ${cutoff.toISOString()}::timestamptz${sql.join(kept, sql``)}
          ORDER BY t.deleted_at LIMIT ${batch}
        ) RETURNING id, agency_id`,
  );
  if (!purged.length) return purged;
  const uuids = (values: string[]) =>
    sql`ARRAY[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::uuid[]`;
  // (agency, id) pairs: the agency leads the indexes on timeline_events and tasks.
  const records = sql`SELECT * FROM unnest(${uuids(purged.map((r) => r.agency_id))}, ${uuids(purged.map((r) => r.id))})`;
  // Timeline entries and tasks point at records by (type, id) without a foreign key.
  await db.execute(
    sql`DELETE FROM timeline_events WHERE record_type = ${kind.recordType} AND (agency_id, record_id) IN (${records})`,
  );
  await db.execute(
    sql`UPDATE tasks SET record_type = NULL, record_id = NULL
        WHERE record_type = ${kind.recordType} AND (agency_id, record_id) IN (${records})`,
  );
  return purged;
}

/**
 * Removes for good the contacts, companies and deals deleted more than 30 days ago (the undo
 * window), with their timeline; their tasks stay, unlinked. One audit row per agency says how many.
 */
export async function purgeDeletedCrmRecords(db: Db, now: Date, batch = PURGE_BATCH): Promise<PurgedCounts> {
  const cutoff = new Date(now.getTime() - UNDO_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    const counts = { deals: 0, contacts: 0, companies: 0 } as PurgedCounts;
    const perAgency = new Map<string, PurgedCounts>();
    for (const kind of KINDS) {
      const purged = await purgeKind(tx, kind, cutoff, batch);
      counts[kind.key] = purged.length;
      for (const row of purged) {
        const agency = perAgency.get(row.agency_id) ?? { deals: 0, contacts: 0, companies: 0 };
        agency[kind.key] += 1;
        perAgency.set(row.agency_id, agency);
      }
    }
    for (const [agencyId, details] of perAgency)
      await recordAudit(
        tx,
        { userId: null, agencyId, ip: null, userAgent: null },
        { action: "delete", resourceType: "crm_purge", details: { ...details, undoDays: UNDO_DAYS } },
      );
    return counts;
  });
}
