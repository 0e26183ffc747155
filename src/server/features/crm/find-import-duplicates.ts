import { and, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { queryRows } from "../../db/client.ts";
import { customers } from "../../db/schema.ts";
import { contactScope } from "./contact-row.ts";
import type { ImportedContact } from "./import-row.ts";
import type { Importer } from "./run-import.ts";

/** A key's existing contact: its id when the importer reaches it, or another owner's it cannot see. */
export type ExistingContact = { id: string } | { hidden: true };

const KEY_PREFIX: Record<string, string> = { email: "e", phone: "p", document: "d" };

/**
 * The agency's contacts, whatever their owner, that share an e-mail, phone or document with a
 * chunk's rows, by duplicate key, in one call of crm_contact_duplicate_keys (migration 0048; each
 * key through its own index: under row-level security lower(email) could not use the e-mail
 * index). Duplicates are agency-wide: a row matching a contact the importer cannot see (record
 * scope "own") is still a duplicate, known only as hidden (it can be neither opened nor merged).
 */
export async function findImportDuplicates(
  tx: Tx,
  ctx: Importer,
  contacts: ImportedContact[],
): Promise<Map<string, ExistingContact>> {
  const values = (pick: (c: ImportedContact) => string | null) =>
    sql.param([...new Set(contacts.map(pick).filter((v): v is string => !!v))]);
  const rows = await queryRows<{ id: string; kind: string; key: string }>(
    tx,
    sql`SELECT id, kind, key FROM crm_contact_duplicate_keys(${ctx.agencyId}::uuid,
          ${values((c) => c.email)}::text[], ${values((c) => c.phone)}::text[], ${values((c) => c.document)}::text[])`,
  );
  const ids = [...new Set(rows.map((row) => row.id))];
  const inReach = new Set(
    ids.length
      ? (
          await tx
            .select({ id: customers.id })
            .from(customers)
            .where(and(contactScope(ctx), inArray(customers.id, ids)))
        ).map((row) => row.id)
      : [],
  );
  const byKey = new Map<string, ExistingContact>();
  for (const row of rows) {
    const key = `${KEY_PREFIX[row.kind]}:${row.key}`;
    const existing = byKey.get(key);
    if (inReach.has(row.id)) {
      if (!existing || "hidden" in existing) byKey.set(key, { id: row.id });
    } else if (!existing) byKey.set(key, { hidden: true });
  }
  return byKey;
}
