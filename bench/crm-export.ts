import { sql } from "drizzle-orm";
import { type Database, queryRows } from "#server/db/client.ts";
import { BENCH_MANAGER_EMAIL } from "./config.ts";
import { signIn } from "./http-load.ts";
import { residentMb, sampleResidentPeak } from "./resident-memory.ts";
import { benchUuid } from "./scale-data.ts";

// The contacts export of the whole large agency (200,000 contacts at full scale; not a bar, a figure):
// the time to download it, its rows, and how much the server's resident memory grew meanwhile.

const LINE_FEED = 0x0a;

export type ExportResult = {
  /** Data rows in the file (its line breaks: one after the header, one between rows). */
  rows: number;
  /** The large agency's contacts not deleted, counted in the database (every one should be in the file). */
  expectedRows: number;
  megabytes: number;
  firstByteMs: number;
  seconds: number;
  /** The server's resident memory before the request, and its highest sample during the download. */
  rssBeforeMb: number;
  rssPeakGrowthMb: number;
};

/** Downloads GET /api/crm/contacts/export with no filter as the large agency's manager, reading it as it streams. */
export async function measureContactExport(
  server: { url: string; pid: number },
  database: Database,
): Promise<ExportResult> {
  const [{ count }] = await queryRows<{ count: number }>(
    database.owner,
    sql`select count(*)::int as count from customers where agency_id = ${benchUuid("agency", 1)} and deleted_at is null`,
  );
  const cookie = await signIn(server.url, BENCH_MANAGER_EMAIL);
  const rssBeforeMb = residentMb(server.pid);
  const stopSampling = sampleResidentPeak(server.pid);
  const started = performance.now();
  let firstByteMs = 0;
  let bytes = 0;
  let lineFeeds = 0;
  let peakMb = 0;
  try {
    const response = await fetch(`${server.url}/api/crm/contacts/export`, { headers: { cookie } });
    if (!response.ok || !response.body) throw new Error(`export: ${response.status} ${await response.text()}`);
    for await (const chunk of response.body) {
      firstByteMs ||= Math.round(performance.now() - started);
      bytes += chunk.length;
      for (const byte of chunk) if (byte === LINE_FEED) lineFeeds++;
    }
  } finally {
    peakMb = stopSampling();
  }
  return {
    rows: lineFeeds,
    expectedRows: count,
    megabytes: Math.round(bytes / 1e5) / 10,
    firstByteMs,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    rssBeforeMb: Math.round(rssBeforeMb),
    rssPeakGrowthMb: Math.round(peakMb - rssBeforeMb),
  };
}
