import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { contactScope } from "./contact-row.ts";
import type { ImportedContact } from "./import-row.ts";
import type { Importer } from "./run-import.ts";

const MERGED_FIELDS = ["email", "phone", "document", "position", "city", "state"] as const;

type Merge = Pick<ImportedContact, (typeof MERGED_FIELDS)[number] | "tags"> & { id: string };

const mergeOf = (id: string, c: ImportedContact): Merge => ({
  id,
  email: c.email,
  phone: c.phone,
  document: c.document,
  position: c.position,
  city: c.city,
  state: c.state,
  tags: [...c.tags],
});

/**
 * Several rows of a chunk matching one contact become one change, as if merged one after the
 * other: the first row with a value fills an empty field, the tags are all united.
 */
function combine(matches: { id: string; contact: ImportedContact }[]): Merge[] {
  const byId = new Map<string, Merge>();
  for (const { id, contact } of matches) {
    const merge = byId.get(id);
    if (!merge) {
      byId.set(id, mergeOf(id, contact));
      continue;
    }
    for (const field of MERGED_FIELDS) merge[field] ??= contact[field];
    merge.tags.push(...contact.tags);
  }
  return [...byId.values()];
}

/**
 * Fills the empty e-mail, phone, document, position, city and state of the agency's contacts that
 * a chunk's rows duplicate, and unites their tags, in one statement (within the importer's scope).
 */
export async function mergeImportedContacts(
  tx: Tx,
  ctx: Importer,
  matches: { id: string; contact: ImportedContact }[],
): Promise<void> {
  if (!matches.length) return;
  await tx.execute(sql`
    UPDATE customers SET
      email = coalesce(customers.email, m.email),
      phone = coalesce(customers.phone, m.phone),
      document = coalesce(customers.document, m.document),
      position = coalesce(customers.position, m.position),
      city = coalesce(customers.city, m.city),
      state = coalesce(customers.state, m.state),
      tags = (SELECT coalesce(array_agg(DISTINCT t), '{}') FROM unnest(customers.tags || m.tags) t),
      version = customers.version + 1,
      updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(combine(matches))}::jsonb) AS m(
           id uuid, email text, phone text, document text, position text, city text, state text, tags text[])
    WHERE customers.id = m.id AND ${contactScope(ctx)}`);
}
