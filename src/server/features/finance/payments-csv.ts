import { formatDateBr } from "#domain/calendar-date.ts";
import { centsToSpreadsheetNumber } from "#domain/money.ts";
import { PAYMENT_METHOD_LABELS, type PaymentView } from "#domain/schemas/finance.ts";

/**
 * CSV as Brazilian Excel opens it: semicolons, decimal comma, UTF-8 with BOM, CRLF.
 * Text that a spreadsheet would run as a formula is quoted with a leading apostrophe.
 */
export function paymentsCsv(rows: PaymentView[]): string {
  const header = ["Data", "Fatura", "Cliente", "Forma de pagamento", "Valor (R$)", "Observações"];
  const lines = rows.map((p) => [
    formatDateBr(p.paidOn),
    p.invoiceNumber === null ? "" : String(p.invoiceNumber),
    p.client.name,
    PAYMENT_METHOD_LABELS[p.method],
    centsToSpreadsheetNumber(p.amountCents),
    p.notes ?? "",
  ]);
  return `\uFEFF${[header, ...lines].map((cells) => cells.map(cell).join(";")).join("\r\n")}\r\n`;
}

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
