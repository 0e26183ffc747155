import { toExcelCsv } from "#domain/crm/csv.ts";
import type { ImportStatus } from "#domain/schemas/crm.ts";

/**
 * "Baixar linhas com erro (CSV)": Linha, Motivo, then the file's own columns in its order with each
 * refused row as the file had it, so the user fixes the rows and imports the file again.
 */
export function errorReportCsv(status: Pick<ImportStatus, "errors" | "columns">): string {
  const columns = status.columns.length
    ? status.columns
    : [...new Set(status.errors.flatMap((e) => Object.keys(e.row)))];
  return toExcelCsv(
    ["Linha", "Motivo", ...columns],
    status.errors.map((e) => [e.line, e.reason, ...columns.map((c) => e.row[c] ?? "")]),
  );
}
