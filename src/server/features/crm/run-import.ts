import { and, eq, isNull, sql } from "drizzle-orm";
import { CONTACT_STATUSES, contactInputSchema } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { type ImportError, crmImports, customers, timelineEvents } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { CrmContext } from "./crm-context.ts";
import { contactScope } from "./contact-row.ts";
import { loadCustomFields, validateCustomFields } from "./record-checks.ts";

export const IMPORT_BATCH = 1000;
const MAX_STORED_ERRORS = 10_000;

type Runner = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** Who imports: the contacts are theirs, within their record scope. */
export type Importer = Pick<CrmContext, "agencyId" | "scope"> & { user: { id: string } };

const STATUS_WORDS: Record<string, string> = {
  active: "ativo",
  inactive: "inativo",
  client: "cliente",
  customer: "cliente",
};

/** A mapped CSV row → the create-contact body, or the pt-BR reason it is refused. */
function toContactBody(row: Record<string, string>, fields: Awaited<ReturnType<typeof loadCustomFields>>) {
  const custom: Record<string, string> = {};
  for (const [key, value] of Object.entries(row)) if (key.startsWith("custom:") && value) custom[key.slice(7)] = value;
  const status = (row.status ?? "").toLowerCase();
  const parsed = contactInputSchema.safeParse({
    name: row.name,
    email: row.email,
    phone: row.phone,
    whatsapp: row.whatsapp,
    document: row.document,
    position: row.position,
    city: row.city,
    state: row.state,
    source: row.source,
    notes: row.notes,
    status: status ? (STATUS_WORDS[status] ?? status) : undefined,
    tags: row.tags
      ? row.tags
          .split(/[,|]/)
          .map((t) => t.trim())
          .filter(Boolean)
      : [],
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Linha inválida." };
  if (!(CONTACT_STATUSES as readonly string[]).includes(parsed.data.status)) return { error: "Status inválido." };
  try {
    return { body: { ...parsed.data, customFields: validateCustomFields(fields, custom) } };
  } catch (error) {
    return { error: error instanceof AppError ? error.message : "Campo personalizado inválido." };
  }
}

/** The duplicate keys (e-mail, phone, document) of a valid contact body. */
const keysOf = (b: { email?: string | null; phone?: string | null; document?: string | null }) =>
  [b.email && `e:${b.email}`, b.phone && `p:${b.phone}`, b.document && `d:${b.document}`].filter(
    (k): k is string => !!k,
  );

/** Where a (re)started import goes on: after the batches already committed, knowing their keys. */
async function resumePoint(run: Runner, importId: string, rows: Record<string, string>[], fields: CustomFields) {
  const [state] = await run((tx) =>
    tx
      .select({ processed: crmImports.processedRows, failed: crmImports.failedRows })
      .from(crmImports)
      .where(eq(crmImports.id, importId)),
  );
  const start = state?.processed ?? 0;
  const seen = new Set<string>();
  for (const row of rows.slice(0, start)) {
    const { body } = toContactBody(row, fields);
    if (body) for (const key of keysOf(body)) seen.add(key);
  }
  return { start, seen, storedErrors: Math.min(state?.failed ?? 0, MAX_STORED_ERRORS) };
}

type CustomFields = Awaited<ReturnType<typeof loadCustomFields>>;

/** An import that gave up (its job's last attempt failed): the progress bar stops with an error. */
export async function markImportFailed(run: Runner, importId: string): Promise<void> {
  await run((tx) =>
    tx.update(crmImports).set({ status: "failed", finishedAt: new Date() }).where(eq(crmImports.id, importId)),
  );
}

/**
 * Imports the rows in batches of 1,000, each batch one transaction with its progress, so the
 * progress bar advances and a failure leaves whole batches: run again (the job's retry), it
 * goes on after the last committed batch. Duplicates (e-mail, phone, document, in the agency or
 * earlier in the file) are skipped or merged (empty fields filled, tags united). Marks the import
 * done; marking it failed is the caller's (the job's last attempt).
 */
export async function runImport(
  run: Runner,
  ctx: Importer,
  importId: string,
  rows: Record<string, string>[],
  duplicates: "skip" | "merge",
): Promise<void> {
  const fields = await run((tx) => loadCustomFields(tx, ctx.agencyId, "contact"));
  const resumed = await resumePoint(run, importId, rows, fields);
  const seen = resumed.seen;
  let storedErrors = resumed.storedErrors;
  for (let start = resumed.start; start < rows.length; start += IMPORT_BATCH) {
    const batch = rows.slice(start, start + IMPORT_BATCH);
    await run(async (tx) => {
      const errors: ImportError[] = [];
      const valid: { line: number; body: NonNullable<ReturnType<typeof toContactBody>["body"]> }[] = [];
      batch.forEach((row, i) => {
        const line = start + i + 2; // the header is line 1
        const result = toContactBody(row, fields);
        if (result.body) valid.push({ line, body: result.body });
        else errors.push({ line, reason: result.error as string, row });
      });
      const emails = valid.map((v) => v.body.email).filter((v): v is string => !!v);
      const phones = valid.map((v) => v.body.phone).filter((v): v is string => !!v);
      const documents = valid.map((v) => v.body.document).filter((v): v is string => !!v);
      const existing =
        emails.length + phones.length + documents.length
          ? await tx
              .select({
                id: customers.id,
                email: sql<string | null>`lower(${customers.email})`,
                phone: customers.phone,
                document: customers.document,
              })
              .from(customers)
              .where(
                and(
                  eq(customers.agencyId, ctx.agencyId),
                  isNull(customers.deletedAt),
                  sql`(lower(${customers.email}) = ANY(${sql.param(emails)}::text[]) OR ${customers.phone} = ANY(${sql.param(phones)}::text[]) OR ${customers.document} = ANY(${sql.param(documents)}::text[]))`,
                ),
              )
          : [];
      const byKey = new Map<string, string>();
      for (const e of existing)
        for (const k of [e.email && `e:${e.email}`, e.phone && `p:${e.phone}`, e.document && `d:${e.document}`])
          if (k) byKey.set(k, e.id);
      const fresh: typeof valid = [];
      let skipped = 0;
      let merged = 0;
      for (const v of valid) {
        const keys = keysOf(v.body);
        const match = keys.map((k) => byKey.get(k)).find(Boolean);
        const inFile = keys.some((k) => seen.has(k));
        for (const k of keys) seen.add(k);
        if (match && duplicates === "merge") {
          await tx
            .update(customers)
            .set({
              email: sql`coalesce(${customers.email}, ${v.body.email})`,
              phone: sql`coalesce(${customers.phone}, ${v.body.phone})`,
              document: sql`coalesce(${customers.document}, ${v.body.document})`,
              position: sql`coalesce(${customers.position}, ${v.body.position})`,
              city: sql`coalesce(${customers.city}, ${v.body.city})`,
              state: sql`coalesce(${customers.state}, ${v.body.state})`,
              tags: sql`(SELECT coalesce(array_agg(DISTINCT t), '{}') FROM unnest(${customers.tags} || ${sql.param(v.body.tags)}::text[]) t)`,
              version: sql`${customers.version} + 1`,
              updatedAt: new Date(),
            })
            .where(and(contactScope(ctx), eq(customers.id, match as string)));
          merged++;
        } else if (match || inFile) {
          skipped++;
        } else {
          fresh.push(v);
        }
      }
      if (fresh.length) {
        const inserted = await tx
          .insert(customers)
          .values(
            fresh.map(({ body }) => ({
              agencyId: ctx.agencyId,
              name: body.name,
              email: body.email ?? null,
              phone: body.phone ?? null,
              whatsapp: body.whatsapp ?? null,
              document: body.document ?? null,
              position: body.position ?? null,
              city: body.city ?? null,
              state: body.state ?? null,
              source: body.source ?? null,
              notes: body.notes ?? null,
              status: body.status,
              tags: body.tags,
              customFields: body.customFields,
              ownerId: ctx.user.id,
            })),
          )
          .returning({ id: customers.id });
        // One "imported" timeline entry per contact, written as one statement per batch
        // (recordTimelineEvent writes one row; 100,000 single inserts would miss the import bar).
        await tx.insert(timelineEvents).values(
          inserted.map((r) => ({
            agencyId: ctx.agencyId,
            recordType: "contact",
            recordId: r.id,
            kind: "imported",
            actorId: ctx.user.id,
            details: { importId },
          })),
        );
      }
      const keep = errors.slice(0, Math.max(0, MAX_STORED_ERRORS - storedErrors));
      storedErrors += keep.length;
      await tx
        .update(crmImports)
        .set({
          processedRows: sql`${crmImports.processedRows} + ${batch.length}`,
          importedRows: sql`${crmImports.importedRows} + ${fresh.length}`,
          mergedRows: sql`${crmImports.mergedRows} + ${merged}`,
          skippedRows: sql`${crmImports.skippedRows} + ${skipped}`,
          failedRows: sql`${crmImports.failedRows} + ${errors.length}`,
          errors: sql`${crmImports.errors} || ${JSON.stringify(keep)}::jsonb`,
        })
        .where(eq(crmImports.id, importId));
    });
  }
  await run((tx) =>
    tx.update(crmImports).set({ status: "done", finishedAt: new Date() }).where(eq(crmImports.id, importId)),
  );
}
