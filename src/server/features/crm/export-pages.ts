import { type CsvCell, excelCsvWriter } from "#domain/crm/csv.ts";

/**
 * Rows an export reads per keyset page: each page's CSV is written to the download before the next
 * is read, so the server holds one page whatever the list's size.
 */
export const EXPORT_PAGE_ROWS = 2_000;

export type KeysetPage<Row> = { rows: Row[]; nextCursor: string | null };

/** Every page of a keyset list, first to last: `readPage` is the list's own page read, given the cursor. */
export async function* keysetPages<Row>(
  readPage: (cursor: string | undefined) => Promise<KeysetPage<Row>>,
): AsyncGenerator<Row[]> {
  let cursor: string | undefined;
  do {
    const page = await readPage(cursor);
    yield page.rows;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** The CSV of the pages' rows for Brazilian Excel, a piece per page (the BOM and header with the first). */
export async function* csvPieces<Row>(
  header: string[],
  pages: AsyncIterable<Row[]>,
  cellsOf: (row: Row) => CsvCell[],
): AsyncGenerator<string> {
  const csv = excelCsvWriter(header);
  for await (const rows of pages) yield csv.rows(rows.map(cellsOf));
  yield csv.end();
}
