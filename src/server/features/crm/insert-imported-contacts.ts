import type { TimelineKind } from "#domain/timeline-kinds.ts";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { ImportedContact } from "./import-row.ts";
import type { Importer } from "./run-import.ts";

/** The timeline kind of an imported contact (written in SQL, so typed here). */
const IMPORTED: TimelineKind = "imported";

/**
 * A chunk's new contacts, owned by the importer, each with its "imported" timeline entry, in one
 * statement: the rows travel as one JSON parameter (a multi-row VALUES of 1,000 contacts binds
 * some 15,000 parameters, and drizzle's building of it cost as much as the insert).
 */
export async function insertImportedContacts(
  tx: Tx,
  ctx: Importer,
  importId: string,
  contacts: ImportedContact[],
): Promise<void> {
  if (!contacts.length) return;
  const rows = contacts.map((c) => ({ ...c, custom_fields: c.customFields, customFields: undefined }));
  await tx.execute(sql`
    WITH added AS (
      INSERT INTO customers (agency_id, name, email, phone, whatsapp, document, position, city, state,
                             source, notes, status, tags, custom_fields, owner_id)
      SELECT ${ctx.agencyId}::uuid, r.name, r.email, r.phone, r.whatsapp, r.document, r.position, r.city,
             r.state, r.source, r.notes, r.status, r.tags, r.custom_fields, ${ctx.user.id}::uuid
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(
               name text, email text, phone text, whatsapp text, document text, position text, city text,
               state text, source text, notes text, status text, tags text[], custom_fields jsonb)
      RETURNING id
    )
    INSERT INTO timeline_events (agency_id, record_type, record_id, kind, actor_id, details)
    SELECT ${ctx.agencyId}::uuid, 'contact', added.id, ${IMPORTED}::text, ${ctx.user.id}::uuid,
           jsonb_build_object('importId', ${importId}::text)
      FROM added`);
}
