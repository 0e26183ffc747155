import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { queryRows } from "../../db/client.ts";
import { duplicateKeysOf, type ImportedContact } from "./import-row.ts";

type Existing = { id: string; email: string | null; phone: string | null; document: string | null };

/**
 * The agency's contacts (within the importer's record scope) that share an e-mail, phone or
 * document with a chunk's rows, by duplicate key, in one call of crm_contact_duplicates
 * (migration 0036): under row-level security the e-mail index cannot serve lower(email), and a
 * chunk read every contact of the agency.
 */
export async function findImportDuplicates(
  tx: Tx,
  agencyId: string,
  contacts: ImportedContact[],
): Promise<Map<string, string>> {
  const values = (pick: (c: ImportedContact) => string | null) =>
    sql.param([...new Set(contacts.map(pick).filter((v): v is string => !!v))]);
  const rows = await queryRows<Existing>(
    tx,
    sql`SELECT id, email, phone, document FROM crm_contact_duplicates(${agencyId}::uuid,
          ${values((c) => c.email)}::text[], ${values((c) => c.phone)}::text[], ${values((c) => c.document)}::text[])`,
  );
  const byKey = new Map<string, string>();
  for (const row of rows) for (const key of duplicateKeysOf(row)) byKey.set(key, row.id);
  return byKey;
}
