import { rmSync } from "node:fs";
import { freshTempDir, PORTS } from "./config.ts";
import { startAppServer, type Target } from "./server-process.ts";

export type StartResult = { name: string; runsMs: number[]; medianMs: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Spawn to first 200 of GET /api/health, `runs` times; fresh targets get a new data dir per run. */
async function timeStarts(name: string, target: () => Target, runs: number, cleanup?: (t: Target) => void) {
  const runsMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const current = target();
    const server = await startAppServer(current, PORTS.start);
    runsMs.push(server.readyMs);
    await server.stop();
    cleanup?.(current);
  }
  return { name, runsMs, medianMs: median(runsMs) };
}

/** Time to ready on PGlite (existing data dir with the scale's rows, and a new one) and on PostgreSQL. */
export async function measureStartTimes(pgliteDir: string, databaseUrl: string, runs = 3): Promise<StartResult[]> {
  return [
    await timeStarts("PGlite, existing data dir (scale data)", () => ({ dataDir: pgliteDir }), runs),
    await timeStarts(
      "PGlite, new data dir (runs migrations)",
      () => ({ dataDir: freshTempDir("start") }),
      runs,
      (t) => "dataDir" in t && rmSync(t.dataDir, { recursive: true, force: true }),
    ),
    await timeStarts("PostgreSQL, existing database", () => ({ databaseUrl }), runs),
  ];
}
