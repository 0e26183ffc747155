// A/B load of two server bundles on the same scale data, interleaved and each run paired with the
// bare-Hono baseline just before it; besides req/s, CPU per request of the node server and of
// PostgreSQL's processes (process-cpu.ts), which a shared machine disturbs far less than req/s.
//
//   npx tsx bench/ab-load.ts <bundle A> <bundle B> [database url | pglite dir A,pglite dir B]
//
// The bench's scale data must exist (BENCH_ONLY=data). Bundles: dist/server/main.js of each
// checkout (scripts/build-server.mjs). Env: AB_ROUNDS (3), AB_SECONDS (5), AB_PATHS.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { BENCH_MANAGER_EMAIL, REPO_ROOT } from "./config.ts";
import { BASELINE_TARGET, type LoadTarget, measureLoad, signIn } from "./http-load.ts";
import { serverEnv, startProcess, type Target } from "./server-process.ts";

const [bundleA, bundleB, where = "postgres://postgres@127.0.0.1:5432/nexo_bench_dbground"] = process.argv.slice(2);
if (!bundleA || !bundleB) throw new Error("usage: ab-load.ts <bundle A> <bundle B> [database url | dirA,dirB]");
const ROUNDS = Number(process.env.AB_ROUNDS ?? 3);
const SECONDS = Number(process.env.AB_SECONDS ?? 5);
const PATHS = (process.env.AB_PATHS ?? "/api/agency/users,/api/me").split(",");
const PORT = Number(process.env.BENCH_PORT_BASE ?? 3121);
const isPostgres = where.startsWith("postgres");

type Server = { name: string; url: string; child: ChildProcess; target: Target };

async function startBundle(name: string, bundle: string, target: Target, port: number): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.resolve(bundle)], {
    cwd: REPO_ROOT,
    env: serverEnv(target, port),
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 600; i++) {
    if ((await fetch(`${url}/api/health`).catch(() => null))?.status === 200) return { name, url, child, target };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} not ready`);
}

const targetsOf = (where: string): [Target, Target] => {
  if (isPostgres) return [{ databaseUrl: where }, { databaseUrl: where }];
  const [dirA, dirB] = where.split(",");
  return [{ dataDir: dirA as string }, { dataDir: dirB as string }];
};

const [targetA, targetB] = targetsOf(where);
const baseline = await startProcess(
  "bench/baseline-server.ts",
  { PATH: process.env.PATH, PORT: String(PORT), NODE_ENV: "production" },
  PORT,
);
const servers = [
  await startBundle("A", bundleA, targetA, PORT + 1),
  await startBundle("B", bundleB, targetB, PORT + 2),
];
const cookies = new Map<Server, string>();
for (const server of servers) cookies.set(server, await signIn(server.url, BENCH_MANAGER_EMAIL));

type Row = { server: string; path: string; rps: number; ratio: number; p99: number; nodeMs: number; dbMs: number };
const rows: Row[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const routePath of PATHS) {
      for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
        const base = await measureLoad(baseline.url, BASELINE_TARGET, SECONDS);
        const target: LoadTarget = {
          name: routePath,
          path: routePath,
          headers: { cookie: cookies.get(server) as string },
          connections: 50,
        };
        const result = await measureLoad(server.url, target, SECONDS, { appPid: server.child.pid as number });
        const row = {
          server: server.name,
          path: routePath,
          rps: result.rps,
          ratio: result.rps / base.rps,
          p99: result.p99Ms,
          nodeMs: result.cpuPerRequest?.appMs ?? 0,
          dbMs: result.cpuPerRequest?.postgresMs ?? 0,
        };
        rows.push(row);
        console.log(
          `round ${round} ${server.name} ${routePath}: ${row.rps} rps, baseline ${base.rps}, ratio ${(row.ratio * 100).toFixed(2)}%, p99 ${row.p99} ms, errors ${result.errors}, node ${row.nodeMs.toFixed(3)} ms/req, db ${row.dbMs.toFixed(3)} ms/req`,
        );
      }
    }
  }
} finally {
  for (const server of servers) server.child.kill("SIGTERM");
  await baseline.stop();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
console.log("\nmedians over rounds");
for (const routePath of PATHS) {
  for (const name of ["A", "B"]) {
    const mine = rows.filter((row) => row.server === name && row.path === routePath);
    console.log(
      `${name} ${routePath}: ratio ${(median(mine.map((r) => r.ratio)) * 100).toFixed(2)}%, rps ${median(mine.map((r) => r.rps))}, p99 ${median(mine.map((r) => r.p99))} ms, node ${median(mine.map((r) => r.nodeMs)).toFixed(3)} ms/req, db ${median(mine.map((r) => r.dbMs)).toFixed(3)} ms/req`,
    );
  }
}
