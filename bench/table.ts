import { cpuText, type LoadResult } from "./http-load.ts";
import type { BenchResults } from "./run.ts";
import type { GenerationReport } from "./scale-data.ts";

function table(title: string, header: string[], rows: (string | number | undefined)[][]): void {
  const cells = [header, ...rows.map((row) => row.map((cell) => (cell === undefined ? "" : String(cell))))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of cells.slice(1)) console.log(line(row));
}

function printHttp(results: BenchResults): void {
  const http = results.http;
  if (!http) return;
  const rows: [string, LoadResult][] = [
    ...http.apps.postgres.map((r): [string, LoadResult] => ["postgres", r]),
    ...http.apps.pglite.map((r): [string, LoadResult] => ["pglite", r]),
  ];
  table(
    `HTTP load (${results.scale.loadSeconds} s each after 1 s warm-up, each server warmed ${results.scale.serverWarmupSeconds} s per target first; ratio = rps / rps of the bare Hono baseline run just before; baseline mean ${http.baselineRps} rps, range ${Math.min(...http.baseline.map((b) => b.rps))}–${Math.max(...http.baseline.map((b) => b.rps))})`,
    ["route", "db", "conns", "req/s", "baseline", "ratio", "p50 ms", "p95 ms", "p99 ms", "errors", "statuses", "CPU"],
    rows.map(([db, r]) => [
      r.name === "tenant list (agency manager)" ? `${r.name} ${r.path}` : r.name,
      db,
      r.connections,
      r.rps,
      r.baselineRps,
      `${((r.ratioToBaseline ?? 0) * 100).toFixed(2)}%`,
      r.p50Ms,
      r.p95Ms,
      r.p99Ms,
      r.errors,
      Object.entries(r.statusCodes)
        .map(([code, count]) => `${code}:${count}`)
        .join(" "),
      cpuText(r.cpuPerRequest, { postgres: db === "postgres" }),
    ]),
  );
}

function printPlans(results: BenchResults): void {
  const phasePlans = [...(results.finance?.plans ?? []), ...(results.delivery?.plans ?? [])];
  const measured = { ...results.queryPlans, postgres: [...(results.queryPlans?.postgres ?? []), ...phasePlans] };
  if (!results.queryPlans && phasePlans.length === 0) return;
  const rows = Object.entries(measured).flatMap(([db, plans]) =>
    plans.map((plan) => [
      plan.name,
      plan.who,
      db,
      plan.p50Ms,
      plan.p95Ms,
      plan.ok ? "ok" : `SEQ SCAN ${plan.seqScans.join(",")}`,
    ]),
  );
  table(
    `Query plans at scale (${results.scale.planRuns} runs each, time inside the tenant transaction)`,
    ["query", "as", "db", "p50 ms", "p95 ms", "plan"],
    rows,
  );
}

function printFinance(results: BenchResults): void {
  const { pdf, numbering } = results.finance ?? {};
  if (pdf) {
    table(
      "Invoice PDF of the large agency (GET /api/finance/invoices/:id/pdf's work, PostgreSQL)",
      ["invoice", "items", "logo KB", "PDF KB", "runs", "p50 ms", "p95 ms"],
      [
        [
          pdf.invoiceNumber,
          pdf.items,
          Math.round(pdf.logoBytes / 1024),
          Math.round(pdf.pdfBytes / 1024),
          pdf.runs,
          pdf.p50Ms,
          pdf.p95Ms,
        ],
      ],
    );
  }
  if (numbering) {
    table(
      "Concurrent invoice creations in one new agency (createInvoice, one tenant transaction each, PostgreSQL)",
      ["creations", "connections", "created", "ms", "numbers 1..n", "duplicates", "missing", "counter", "errors"],
      [
        [
          numbering.creations,
          numbering.connections,
          numbering.created,
          numbering.ms,
          numbering.answeredExactly && numbering.storedExactly ? "yes" : "no",
          numbering.duplicates,
          numbering.missing.length,
          numbering.counter,
          numbering.errors.join(" | ") || 0,
        ],
      ],
    );
  }
}

function printTimer(results: BenchResults): void {
  const timer = results.delivery?.timer;
  if (!timer) return;
  table(
    "Timer under load (POST /api/time/timer/start then /stop per connection, PostgreSQL; running timers counted in the database after)",
    ["run", "conn", "rps", "baseline rps", "ratio", "p50", "p95", "p99", "errors", "statuses", "users with 2 running"],
    [timer.distinct, timer.contended].map((r) => [
      r.name,
      r.connections,
      r.rps,
      r.baselineRps,
      `${((r.ratioToBaseline ?? 0) * 100).toFixed(2)}%`,
      r.p50Ms,
      r.p95Ms,
      r.p99Ms,
      r.errors,
      Object.entries(r.statusCodes)
        .map(([code, n]) => `${code}:${n}`)
        .join(" "),
      r.usersWithTwoRunning,
    ]),
  );
}

/** The large agency's first automatic backup on each database that wrote it (a figure, not a bar). */
function printLargeAgencyBackups(generation: Record<string, GenerationReport>): void {
  const rows = Object.entries(generation).flatMap(([db, report]) =>
    report.largeAgencyBackup
      ? [
          [
            db,
            (report.largeAgencyBackup.ms / 1000).toFixed(1),
            (report.largeAgencyBackup.bytes / 1024 / 1024).toFixed(1),
            String(report.largeAgencyBackup.rssRiseMb),
          ],
        ]
      : [],
  );
  if (rows.length === 0) return;
  table(
    "The large agency's first automatic backup (start-up jobs)",
    ["database", "s", "gzipped MB", "bench process RSS rise MB"],
    rows,
  );
}

/** The human summary of a run; the JSON file keeps everything (plans included). */
export function printTable(results: BenchResults): void {
  console.log(
    `Nexo bench, scale ${results.scale.name}, ${results.machine.cpus} CPUs, load average ${results.machine.loadAverage.join(" ")}`,
  );
  const generation = {
    ...results.generation,
    ...(results.finance?.generation && { "postgres (finance)": results.finance.generation }),
    ...(results.delivery?.generation && { "postgres (delivery)": results.delivery.generation }),
  };
  if (Object.keys(generation).length > 0) {
    table(
      "Scale data generation",
      ["database", "total s", "steps (ms)"],
      Object.entries(generation).map(([db, report]) => [
        db,
        report.reused ? "reused" : (report.totalMs / 1000).toFixed(1),
        Object.entries(report.steps)
          .map(([step, ms]) => `${step} ${ms}`)
          .join(", "),
      ]),
    );
    printLargeAgencyBackups(generation);
  }
  printHttp(results);
  if (results.authQueries) {
    table(
      "Database round trips per authenticated request (the tenant list; first request of a session / again)",
      ["database", "route", "auth + permission", "total", "status"],
      Object.entries(results.authQueries).map(([db, count]) => [
        db,
        count.route,
        `${count.cold.auth} / ${count.warm.auth}`,
        `${count.cold.total} / ${count.warm.total}`,
        count.status,
      ]),
    );
  }
  printPlans(results);
  printFinance(results);
  printTimer(results);
  if (results.webSize) {
    table(
      "First-load JavaScript",
      ["route", "KB gzip", "KB raw", "files", "budget"],
      results.webSize.map((s) => [s.route, s.jsGzipKb, s.jsRawKb, s.files.length, s.budgetKb ?? "-"]),
    );
  }
  if (results.lighthouse) {
    table(
      "Lighthouse (mobile, simulated throttling)",
      ["route", "performance", "accessibility", "audits below 0.9"],
      results.lighthouse.map((l) => [l.route, l.performance, l.accessibility, l.failedAudits.join(", ")]),
    );
    table(
      "Lighthouse: main thread",
      ["route", "longest scripts and work"],
      results.lighthouse.map((l) => [l.route, (l.mainThread ?? []).join(", ")]),
    );
  }
  if (results.startTimes) {
    table(
      "Start (spawn → GET /api/health 200)",
      ["target", "median ms", "runs ms"],
      results.startTimes.map((s) => [s.name, s.medianMs, s.runsMs.join(" ")]),
    );
  }
  if (results.bars) {
    table(
      "Bars",
      ["bar", "reached", "result"],
      results.bars.map((b) => [b.bar, b.reached, b.pass === null ? "-" : b.pass ? "PASS" : "FAIL"]),
    );
  }
}
