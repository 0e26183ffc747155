import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { formatDocument } from "#domain/br-documents.ts";
import { formatPhone } from "#domain/crm/phone.ts";
import { formatCents } from "#domain/money.ts";
import type { ClientView, DocumentItem, DocumentTotalsView } from "#domain/schemas/finance.ts";
import type { AgencyFacts } from "./finance-actor.ts";

export type PdfDocumentData = {
  kind: "fatura" | "orcamento";
  heading: string;
  agency: AgencyFacts;
  /** PNG or JPEG bytes of the agency's logo (other formats are left out). */
  logo: Uint8Array | null;
  client: ClientView;
  dates: { label: string; value: string }[];
  items: DocumentItem[];
  totals: DocumentTotalsView;
  balanceCents?: number;
  notes: string | null;
  paymentTerms: string | null;
  pix: { code: string; txid: string } | null;
  statusLabel: string;
  /** Fixed metadata date (the document's issue date): the same data gives the same bytes. */
  createdAt: Date;
};

const MARGIN = 48;
const PAGE_WIDTH = 595.28;
const CONTENT = PAGE_WIDTH - MARGIN * 2;
const GREY = "#555555";

/** A quote or invoice as an A4 PDF in pt-BR, byte-stable: fixed dates and ID, vector QR, standard fonts. */
export function renderDocumentPdf(data: PdfDocumentData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: {
      Title: `${data.heading} — ${data.agency.name}`,
      Author: data.agency.name,
      Creator: "Nexo",
      Producer: "Nexo",
      CreationDate: data.createdAt,
      ModDate: data.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const color = /^#[0-9a-f]{6}$/i.test(data.agency.primaryColor) ? data.agency.primaryColor : "#3B82F6";
  header(doc, data, color);
  clientBlock(doc, data);
  itemsTable(doc, data, color);
  totalsBlock(doc, data);
  pixBlock(doc, data);
  notesBlock(doc, data);
  doc.end();
  return done;
}

function header(doc: PDFKit.PDFDocument, data: PdfDocumentData, color: string) {
  doc.rect(0, 0, PAGE_WIDTH, 8).fill(color);
  let textX = MARGIN;
  if (data.logo) {
    try {
      doc.image(Buffer.from(data.logo), MARGIN, 28, { fit: [64, 64] });
      textX = MARGIN + 76;
    } catch {
      // A logo pdfkit cannot read is left out rather than failing the document.
    }
  }
  const a = data.agency;
  doc.fillColor("#111111").font("Helvetica-Bold").fontSize(14).text(a.name, textX, 30, { width: 260 });
  doc.font("Helvetica").fontSize(9).fillColor(GREY);
  const lines = [
    a.taxId ? `CNPJ ${formatDocument(a.taxId)}` : null,
    a.address,
    [a.city, a.state].filter(Boolean).join(" - ") + (a.zipCode ? ` · CEP ${a.zipCode}` : ""),
    [a.contactEmail, formatPhone(a.contactPhone)].filter(Boolean).join(" · "),
  ].filter((line): line is string => Boolean(line?.trim()));
  doc.text(lines.join("\n"), textX, doc.y + 2, { width: 260 });
  doc
    .font("Helvetica-Bold")
    .fontSize(16)
    .fillColor(color)
    .text(data.heading, MARGIN + 300, 30, { width: CONTENT - 300, align: "right" });
  doc.font("Helvetica").fontSize(9).fillColor(GREY);
  for (const date of data.dates) doc.text(`${date.label}: ${date.value}`, { width: CONTENT - 300, align: "right" });
  doc.text(`Situação: ${data.statusLabel}`, { width: CONTENT - 300, align: "right" });
  doc.y = Math.max(doc.y, 110);
}

function clientBlock(doc: PDFKit.PDFDocument, data: PdfDocumentData) {
  const top = doc.y + 8;
  doc
    .moveTo(MARGIN, top)
    .lineTo(MARGIN + CONTENT, top)
    .strokeColor("#DDDDDD")
    .stroke();
  doc
    .font("Helvetica-Bold")
    .fontSize(9)
    .fillColor(GREY)
    .text("CLIENTE", MARGIN, top + 10);
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor("#111111")
    .text(data.client.legalName || data.client.name);
  doc.font("Helvetica").fontSize(9).fillColor(GREY);
  const doc1 = data.client.document ? formatDocument(data.client.document) : null;
  const kind = data.client.document?.replace(/\D/g, "").length === 11 ? "CPF" : "CNPJ";
  if (doc1) doc.text(`${kind} ${doc1}`);
  if (data.client.email) doc.text(data.client.email);
  doc.moveDown(1);
}

function itemsTable(doc: PDFKit.PDFDocument, data: PdfDocumentData, color: string) {
  const cols = { service: MARGIN, qty: MARGIN + 290, unit: MARGIN + 340, total: MARGIN + 420 };
  const top = doc.y;
  doc.rect(MARGIN, top, CONTENT, 18).fill(color);
  doc.font("Helvetica-Bold").fontSize(9).fillColor("#FFFFFF");
  doc.text("Serviço", cols.service + 6, top + 5, { width: 280 });
  doc.text("Qtd.", cols.qty, top + 5, { width: 45, align: "right" });
  doc.text("Valor unit.", cols.unit, top + 5, { width: 75, align: "right" });
  doc.text("Total", cols.total, top + 5, { width: CONTENT - 426, align: "right" });
  let y = top + 24;
  for (const item of data.items) {
    doc
      .font("Helvetica-Bold")
      .fontSize(9)
      .fillColor("#111111")
      .text(item.service, cols.service + 6, y, { width: 280 });
    if (item.description) doc.font("Helvetica").fillColor(GREY).text(item.description, { width: 280 });
    const bottom = doc.y;
    doc.font("Helvetica").fillColor("#111111");
    doc.text(item.quantity.toLocaleString("pt-BR"), cols.qty, y, { width: 45, align: "right" });
    doc.text(formatCents(item.unitPriceCents, data.agency.currency), cols.unit, y, { width: 75, align: "right" });
    doc.text(formatCents(item.totalCents, data.agency.currency), cols.total, y, {
      width: CONTENT - 426,
      align: "right",
    });
    y = Math.max(bottom, doc.y) + 6;
    doc
      .moveTo(MARGIN, y - 3)
      .lineTo(MARGIN + CONTENT, y - 3)
      .strokeColor("#EEEEEE")
      .stroke();
  }
  doc.y = y + 4;
}

function totalsBlock(doc: PDFKit.PDFDocument, data: PdfDocumentData) {
  const t = data.totals;
  const money = (cents: number) => formatCents(cents, data.agency.currency);
  const rate = (t.issRateBp / 100).toLocaleString("pt-BR", { maximumFractionDigits: 2 });
  const rows: [string, string, boolean][] = [
    ["Subtotal", money(t.subtotalCents), false],
    ...(t.discountCents > 0 ? [["Desconto", `- ${money(t.discountCents)}`, false] as [string, string, boolean]] : []),
    ["Total dos serviços", money(t.totalCents), false],
    ...(t.issRateBp > 0
      ? [
          [
            `ISS (${rate}%)${t.issWithheld ? " retido pelo cliente" : " incluso"}`,
            t.issWithheld ? `- ${money(t.issCents)}` : money(t.issCents),
            false,
          ] as [string, string, boolean],
        ]
      : []),
    ["Valor a pagar", money(t.amountDueCents), true],
    ...(data.balanceCents !== undefined && data.balanceCents !== t.amountDueCents
      ? [["Saldo em aberto", money(data.balanceCents), true] as [string, string, boolean]]
      : []),
  ];
  const x = MARGIN + 260;
  for (const [label, value, strong] of rows) {
    const y = doc.y;
    doc
      .font(strong ? "Helvetica-Bold" : "Helvetica")
      .fontSize(strong ? 11 : 9)
      .fillColor("#111111");
    doc.text(label, x, y, { width: 140 });
    doc.text(value, x + 140, y, { width: CONTENT - 400, align: "right" });
    doc.moveDown(0.3);
  }
  doc.moveDown(1);
}

function pixBlock(doc: PDFKit.PDFDocument, data: PdfDocumentData) {
  if (!data.pix) return;
  const size = 120;
  if (doc.y + size + 20 > doc.page.height - MARGIN) doc.addPage();
  const top = doc.y;
  const qr = QRCode.create(data.pix.code, { errorCorrectionLevel: "M" });
  const count = qr.modules.size;
  const cell = size / (count + 8);
  doc.rect(MARGIN, top, size, size).fill("#FFFFFF");
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.modules.get(row, col)) doc.rect(MARGIN + (col + 4) * cell, top + (row + 4) * cell, cell, cell);
    }
  }
  doc.fill("#000000");
  const textX = MARGIN + size + 16;
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor("#111111")
    .text("Pague com Pix", textX, top + 6);
  doc
    .font("Helvetica")
    .fontSize(8)
    .fillColor(GREY)
    .text(
      "Aponte a câmera do aplicativo do seu banco para o QR Code ou use o código Pix copia e cola abaixo.",
      textX,
      doc.y + 2,
      { width: CONTENT - size - 16 },
    );
  doc
    .font("Courier")
    .fontSize(7)
    .fillColor("#111111")
    .text(data.pix.code, textX, doc.y + 6, { width: CONTENT - size - 16 });
  doc
    .font("Helvetica")
    .fontSize(8)
    .fillColor(GREY)
    .text(`Identificador: ${data.pix.txid}`, textX, doc.y + 4);
  doc.y = Math.max(doc.y, top + size) + 12;
  doc.x = MARGIN;
}

function notesBlock(doc: PDFKit.PDFDocument, data: PdfDocumentData) {
  for (const [label, text] of [
    ["Condições de pagamento", data.paymentTerms],
    ["Observações", data.notes],
  ] as const) {
    if (!text) continue;
    doc
      .font("Helvetica-Bold")
      .fontSize(9)
      .fillColor(GREY)
      .text(label.toUpperCase(), MARGIN, doc.y + 4);
    doc.font("Helvetica").fontSize(9).fillColor("#111111").text(text, { width: CONTENT });
  }
}
