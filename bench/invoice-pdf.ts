import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "#server/db/client.ts";
import { withTenant } from "#server/db/tenant.ts";
import { logoUrl, storeLogo } from "#server/features/agency-settings/agency-logo-file.ts";
import { invoicePdf } from "#server/features/finance/document-pdf.ts";
import { agencyFacts } from "#server/features/finance/finance-actor.ts";
import { createLocalDiskStorage } from "#server/storage/local-disk-storage.ts";
import { largeAgencyManager } from "./finance-plans.ts";
import { tenantOf } from "./query-plans.ts";
import { percentile } from "./stats.ts";

export type PdfTiming = {
  invoiceNumber: number;
  items: number;
  logoBytes: number;
  pdfBytes: number;
  runs: number;
  p50Ms: number;
  p95Ms: number;
};

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 256×256 RGBA PNG (a ring in two colours on transparency): a logo as an agency would upload one. */
export function benchLogoPng(size = 256): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const distance = Math.hypot(x - size / 2, y - size / 2) / (size / 2);
      const alpha = Math.round(255 * Math.max(0, Math.min(1, (1 - distance) * 12)) * (distance > 0.45 ? 1 : 0.35));
      row.set([40 + Math.round((x / size) * 60), 90 + Math.round((y / size) * 100), 220, alpha], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.concat(rows))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The large agency's newest open invoice with three lines: items, balance and Pix QR code all in the PDF. */
async function openInvoiceWithThreeLines(database: Database, agencyId: string) {
  const [row] = await queryRows<{ id: string; number: number }>(
    database.owner,
    sql`select i.id, i.number from invoices i
         where i.agency_id = ${agencyId} and i.status = 'emitida'
           and (select count(*) from invoice_items t where t.agency_id = i.agency_id and t.invoice_id = i.id) = 3
         order by i.created_at desc limit 1`,
  );
  if (!row) throw new Error("no open invoice with three lines in the large agency: generate the finance data");
  return row;
}

/**
 * What GET /api/finance/invoices/:id/pdf runs, `runs` times after a warm-up: the agency's facts, the
 * invoice with items, payments and Pix code, the logo from file storage, the rendering. The bench
 * agency has no logo file, so a 256×256 PNG is stored in a temporary storage and the facts point at it.
 */
export async function measureInvoicePdf(database: Database, runs = 20): Promise<PdfTiming> {
  const manager = largeAgencyManager();
  const agencyId = manager.agencyId as string;
  const invoice = await openInvoiceWithThreeLines(database, agencyId);
  const storageDir = mkdtempSync(path.join(os.tmpdir(), "nexo-bench-pdf-"));
  try {
    const storage = createLocalDiskStorage(storageDir);
    const logo = benchLogoPng();
    await storeLogo(storage, agencyId, "png", logo);
    const render = () =>
      withTenant(
        database,
        tenantOf(manager),
        async (tx) => {
          const agency = { ...(await agencyFacts(tx, agencyId)), logoUrl: logoUrl(agencyId, new Date(0)) };
          return invoicePdf(tx, storage, agency, invoice.id, new Date());
        },
        { readOnly: true },
      );
    const first = await render();
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await render();
      ms.push(performance.now() - started);
    }
    ms.sort((a, b) => a - b);
    return {
      invoiceNumber: invoice.number,
      items: 3,
      logoBytes: logo.length,
      pdfBytes: first.bytes.length,
      runs,
      p50Ms: percentile(ms, 50),
      p95Ms: percentile(ms, 95),
    };
  } finally {
    rmSync(storageDir, { recursive: true, force: true });
  }
}
