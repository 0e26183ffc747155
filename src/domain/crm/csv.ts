import Papa from "papaparse";

/** A cell Excel would run as a formula (=, +, -, @, tab, CR) is prefixed with ' so it stays text. */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export type CsvCell = string | number | null | undefined;

/** What Brazilian Excel opens as a spreadsheet: semicolons, CRLF, UTF-8 with a BOM. */
const EXCEL_DIALECT = { delimiter: ";", newline: "\r\n" } as const;
const EXCEL_BOM = "\uFEFF";

const cellText = (cell: CsvCell) => neutraliseCell(cell === null || cell === undefined ? "" : String(cell));

/**
 * A CSV for Brazilian Excel written piece by piece (an export streamed page by page): `rows` gives
 * the next rows' lines, the BOM and header line before the first; `end` what is still owed (the BOM
 * and header of a file without rows, else nothing). The pieces joined are the whole file.
 */
export function excelCsvWriter(header: string[]) {
  let isStarted = false;
  let separator = "";
  const start = () => {
    if (isStarted) return "";
    isStarted = true;
    return EXCEL_BOM + Papa.unparse([header], EXCEL_DIALECT) + EXCEL_DIALECT.newline;
  };
  const lines = (rows: CsvCell[][]) =>
    Papa.unparse({ fields: header, data: rows.map((row) => row.map(cellText)) }, { ...EXCEL_DIALECT, header: false });
  return {
    rows(rows: CsvCell[][]): string {
      if (!rows.length) return start();
      const text = start() + separator + lines(rows);
      separator = EXCEL_DIALECT.newline;
      return text;
    },
    end: start,
  };
}

/** CSV as Brazilian Excel opens it: semicolons, UTF-8 with BOM, formula cells neutralised. */
export function toExcelCsv(header: string[], rows: CsvCell[][]): string {
  const csv = excelCsvWriter(header);
  return csv.rows(rows) + csv.end();
}

export type ParsedCsv = { header: string[]; rows: Record<string, string>[]; error: string | null };

/** Parses a CSV (comma or semicolon, detected) with a header line; `error` when it is not CSV. */
export function parseCsv(text: string): ParsedCsv {
  const clean = text.replace(/^\uFEFF/, "");
  const result = Papa.parse<Record<string, string>>(clean, {
    header: true,
    skipEmptyLines: "greedy",
    delimitersToGuess: [";", ",", "\t"],
    transformHeader: (h) => h.trim(),
  });
  const header = (result.meta.fields ?? []).filter((h) => h !== "");
  const fatal = result.errors.find((e) => e.code === "UndetectableDelimiter" || e.type === "Quotes");
  if (!header.length || (fatal && header.length < 2)) return { header, rows: [], error: "not_csv" };
  if (clean.includes("\u0000")) return { header, rows: [], error: "not_csv" };
  return { header, rows: result.data, error: null };
}
