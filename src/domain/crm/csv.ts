import Papa from "papaparse";

/** A cell Excel would run as a formula (=, +, -, @, tab, CR) is prefixed with ' so it stays text. */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** CSV as Brazilian Excel opens it: semicolons, UTF-8 with BOM, formula cells neutralised. */
export function toExcelCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  const data = rows.map((row) =>
    row.map((cell) => neutraliseCell(cell === null || cell === undefined ? "" : String(cell))),
  );
  return `\uFEFF${Papa.unparse({ fields: header, data }, { delimiter: ";", newline: "\r\n" })}`;
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
