import { Badge } from "@mantine/core";
import {
  INVOICE_STATUS_LABELS,
  type InvoiceStatus,
  QUOTE_STATUS_LABELS,
  type QuoteStatus,
} from "#domain/schemas/finance.ts";

const INVOICE_COLORS: Record<InvoiceStatus, string> = {
  rascunho: "gray",
  emitida: "blue",
  parcialmente_paga: "yellow",
  paga: "green",
  vencida: "red",
  cancelada: "dark",
};
const QUOTE_COLORS: Record<QuoteStatus, string> = {
  rascunho: "gray",
  enviado: "blue",
  aceito: "green",
  recusado: "red",
  expirado: "orange",
};

export const InvoiceStatusBadge = ({ status }: { status: InvoiceStatus }) => (
  <Badge color={INVOICE_COLORS[status]} variant="light">
    {INVOICE_STATUS_LABELS[status]}
  </Badge>
);

export const QuoteStatusBadge = ({ status }: { status: QuoteStatus }) => (
  <Badge color={QUOTE_COLORS[status]} variant="light">
    {QUOTE_STATUS_LABELS[status]}
  </Badge>
);

export const invoiceNumber = (number: number | null) =>
  number === null ? "Rascunho" : `Nº ${String(number).padStart(6, "0")}`;
