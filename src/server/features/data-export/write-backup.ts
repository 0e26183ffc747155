import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client.ts";
import { AppError, MESSAGES } from "../../http/errors.ts";
import type { WritePiece } from "../../http/streamed-attachment.ts";
import { EXPORT_PAGE_ROWS } from "../crm/export-pages.ts";
import { type BackupKind, readBackupTables } from "./read-backup-tables.ts";
import { type RowScope, readCursorsWhole, tablePages } from "./table-pages.ts";

/**
 * The backup file's layout: 1 was the whole file built in memory with seven agency tables;
 * 2 has every table holding agency data, secrets left out, numbers and dates as PostgreSQL's JSON
 * writes them (timestamps in UTC with their offset).
 */
export const BACKUP_FORMAT_VERSION = 2;

export type BackupOptions = { pageRows?: number };

/** Timestamps as UTC in row_to_json's text, whatever the server's time zone (this transaction only). */
async function writeTimestampsInUtc(tx: Tx): Promise<void> {
  await tx.execute(sql`select set_config('TimeZone', 'UTC', true)`);
}

/** A member of the top-level object: `"name": value`, after the members before it. */
const member = (name: string, json: string) => `,\n  ${JSON.stringify(name)}: ${json}`;

/** `"table": [rows…]`, a piece per page, so no more than a page is held. */
async function writeTable(write: WritePiece, name: string, pages: AsyncIterable<string[]>): Promise<void> {
  const opening = member(name, "[");
  let isEmpty = true;
  for await (const rows of pages) {
    await write(`${isEmpty ? opening : ","}\n    ${rows.join(",\n    ")}`);
    isEmpty = false;
  }
  await write(isEmpty ? `${opening}]` : "\n  ]");
}

/** Every table of the backup, each read once in pages, then the closing brace. */
async function writeTables(tx: Tx, write: WritePiece, kind: BackupKind, scope: RowScope, options: BackupOptions) {
  const pageRows = options.pageRows ?? EXPORT_PAGE_ROWS;
  await readCursorsWhole(tx);
  for (const table of await readBackupTables(tx, kind)) {
    await writeTable(write, table.name, tablePages(tx, table, scope, pageRows));
  }
  await write("\n}\n");
}

const opening = (now: Date) =>
  `{\n  "exportedAt": ${JSON.stringify(now.toISOString())},\n  "formatVersion": ${BACKUP_FORMAT_VERSION}`;

/**
 * One agency's backup written piece by piece: `exportedAt`, `formatVersion`, `agency` (its row),
 * then one array per table holding its data. An unknown agency is refused before the first piece.
 */
export async function writeAgencyBackup(
  tx: Tx,
  agencyId: string,
  now: Date,
  write: WritePiece,
  options: BackupOptions = {},
): Promise<void> {
  await writeTimestampsInUtc(tx);
  const [agency] = await queryRows<{ json: string }>(
    tx,
    sql`select row_to_json(a)::text as json from agencies a where a.id = ${agencyId}`,
  );
  if (!agency) throw new AppError("not_found", MESSAGES.notFound);
  await write(`${opening(now)}${member("agency", agency.json)}`);
  await writeTables(tx, write, "agency", { agencyId }, options);
}

/** The platform's backup: the platform tables and every agency's rows of every table. */
export async function writePlatformBackup(tx: Tx, now: Date, write: WritePiece, options: BackupOptions = {}) {
  await writeTimestampsInUtc(tx);
  await write(opening(now));
  await writeTables(tx, write, "platform", "all", options);
}
