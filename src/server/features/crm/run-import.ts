import { setImmediate as nextTurn } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import type { DatabaseKind, Tx } from "../../db/client.ts";
import { crmImports, type ImportError } from "../../db/schema.ts";
import type { CrmContext } from "./crm-context.ts";
import { type ExistingContact, findImportDuplicates } from "./find-import-duplicates.ts";
import { type CustomFields, duplicateKeysOf, type ImportedContact, toImportedContact } from "./import-row.ts";
import { insertImportedContacts } from "./insert-imported-contacts.ts";
import { mergeImportedContacts } from "./merge-imported-contacts.ts";
import { loadCustomFields } from "./record-checks.ts";

/**
 * Rows per chunk (one transaction). PGlite runs in the server's own thread and one statement at a
 * time, so a chunk there holds every other request: 100 rows keep that wait near 50 ms (200 rows
 * put the p99 of a tenant list answered during a 100,000-row import at 211 ms in the bench).
 */
export const IMPORT_CHUNK: Record<DatabaseKind, number> = { postgres: 1000, pglite: 100 };
const MAX_STORED_ERRORS = 10_000;
const CHECK_SLICE = 250;

type Runner = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** CSV column → contact field (or "custom:<id>"), in the file's order. */
type Mapping = [string, string][];

/** A row of the file as the fields it fills; without a mapping the row is already by field. */
function mapRow(raw: Record<string, string>, mapping: Mapping | undefined): Record<string, string> {
  if (!mapping) return raw;
  const out: Record<string, string> = {};
  for (const [column, field] of mapping) out[field] = (raw[column] ?? "").trim();
  return out;
}

/** Who imports: the contacts are theirs, within their record scope. */
export type Importer = Pick<CrmContext, "agencyId" | "scope"> & { user: { id: string } };

/**
 * A chunk's rows checked one by one: the valid ones, and each refused line with its reason. Other
 * requests are answered between slices (a chunk's checks hold the event loop for tens of ms).
 */
async function checkChunk(chunk: Record<string, string>[], start: number, fields: CustomFields, mapping?: Mapping) {
  const valid: ImportedContact[] = [];
  const errors: ImportError[] = [];
  for (let i = 0; i < chunk.length; i++) {
    if (i > 0 && i % CHECK_SLICE === 0) await nextTurn();
    const line = start + i + 2; // the header is line 1
    // A refused line is reported as the file has it (its own columns), to be fixed and imported again.
    const result = toImportedContact(mapRow(chunk[i], mapping), fields);
    if (result.contact) valid.push(result.contact);
    else errors.push({ line, reason: result.error, row: chunk[i] });
  }
  return { valid, errors };
}

/**
 * What becomes of each valid row: a duplicate of a contact of the agency is merged into it or
 * skipped, as the user chose (a duplicate of another owner's contact the importer cannot see is
 * skipped); a duplicate of an earlier row of the file is skipped; the rest are new.
 */
function sortChunk(
  valid: ImportedContact[],
  existing: Map<string, ExistingContact>,
  seen: Set<string>,
  duplicates: "skip" | "merge",
) {
  const fresh: ImportedContact[] = [];
  const merges: { id: string; contact: ImportedContact }[] = [];
  let skipped = 0;
  for (const contact of valid) {
    const keys = duplicateKeysOf(contact);
    const matches = keys.map((k) => existing.get(k)).filter((m) => m !== undefined);
    // A contact in the importer's reach is merged into; one it cannot see (another owner's) only skips the row.
    const match = matches.find((m) => "id" in m);
    const inFile = keys.some((k) => seen.has(k));
    for (const k of keys) seen.add(k);
    if (match && "id" in match && duplicates === "merge") merges.push({ id: match.id, contact });
    else if (matches.length || inFile) skipped++;
    else fresh.push(contact);
  }
  return { fresh, merges, skipped };
}

/** Where a (re)started import goes on: after the chunks already committed, knowing their keys. */
async function resumePoint(
  run: Runner,
  importId: string,
  rows: Record<string, string>[],
  fields: CustomFields,
  mapping?: Mapping,
) {
  const [state] = await run((tx) =>
    tx
      .select({ processed: crmImports.processedRows, failed: crmImports.failedRows })
      .from(crmImports)
      .where(eq(crmImports.id, importId)),
  );
  const start = state?.processed ?? 0;
  const seen = new Set<string>();
  for (const row of rows.slice(0, start)) {
    const { contact } = toImportedContact(mapRow(row, mapping), fields);
    if (contact) for (const key of duplicateKeysOf(contact)) seen.add(key);
  }
  return { start, seen, storedErrors: Math.min(state?.failed ?? 0, MAX_STORED_ERRORS) };
}

/** An import that gave up (its job's last attempt failed): the progress bar stops with an error. */
export async function markImportFailed(run: Runner, importId: string): Promise<void> {
  await run((tx) =>
    tx.update(crmImports).set({ status: "failed", finishedAt: new Date() }).where(eq(crmImports.id, importId)),
  );
}

/**
 * Imports the rows in chunks (IMPORT_CHUNK), each chunk one transaction of a few set-based statements
 * (duplicates looked up at once, merges in one update, new contacts and their timeline entries in
 * one insert) with its progress, so the progress bar advances and a failure leaves whole chunks:
 * run again (the job's retry), it goes on after the last committed chunk. The rows are checked
 * before the transaction opens, and the job lets other work run between chunks. Duplicates
 * (e-mail, phone, document, in the agency or earlier in the file) are skipped or merged (empty
 * fields filled, tags united). Marks the import done; marking it failed is the caller's (the
 * job's last attempt).
 */
export async function runImport(
  run: Runner,
  ctx: Importer,
  importId: string,
  rows: Record<string, string>[],
  duplicates: "skip" | "merge",
  chunkRows: number,
  mapping?: Mapping,
): Promise<void> {
  const fields = await run((tx) => loadCustomFields(tx, ctx.agencyId, "contact"));
  const resumed = await resumePoint(run, importId, rows, fields, mapping);
  const seen = resumed.seen;
  let storedErrors = resumed.storedErrors;
  for (let start = resumed.start; start < rows.length; start += chunkRows) {
    const chunk = rows.slice(start, start + chunkRows);
    const { valid, errors } = await checkChunk(chunk, start, fields, mapping);
    const keep = errors.slice(0, Math.max(0, MAX_STORED_ERRORS - storedErrors));
    await run(async (tx) => {
      const existing = valid.length ? await findImportDuplicates(tx, ctx, valid) : new Map<string, ExistingContact>();
      const { fresh, merges, skipped } = sortChunk(valid, existing, seen, duplicates);
      await mergeImportedContacts(tx, ctx, merges);
      await insertImportedContacts(tx, ctx, importId, fresh);
      await tx
        .update(crmImports)
        .set({
          processedRows: sql`${crmImports.processedRows} + ${chunk.length}`,
          importedRows: sql`${crmImports.importedRows} + ${fresh.length}`,
          mergedRows: sql`${crmImports.mergedRows} + ${merges.length}`,
          skippedRows: sql`${crmImports.skippedRows} + ${skipped}`,
          failedRows: sql`${crmImports.failedRows} + ${errors.length}`,
          errors: sql`${crmImports.errors} || ${JSON.stringify(keep)}::jsonb`,
        })
        .where(eq(crmImports.id, importId));
    });
    storedErrors += keep.length;
    // Requests that arrived during the chunk are answered before the next one starts.
    await nextTurn();
  }
  await run((tx) =>
    tx.update(crmImports).set({ status: "done", finishedAt: new Date() }).where(eq(crmImports.id, importId)),
  );
}
