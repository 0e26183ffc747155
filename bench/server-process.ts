import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { AUTH_SECRET, REPO_ROOT, WEB_DIST } from "./config.ts";

export type Target = { databaseUrl: string } | { dataDir: string };

export type RunningServer = {
  url: string;
  /** Milliseconds from spawn until GET /api/health answered 200. */
  readyMs: number;
  /** The server's process id (its memory is read from /proc). */
  pid: number;
  stop(): Promise<void>;
};

/** The environment of the Nexo server under test: production mode, quiet logs, 127.0.0.1 only. */
export function serverEnv(target: Target, port: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    // The load generator plays many clients through X-Forwarded-For; the server only believes it behind a proxy.
    TRUST_PROXY: "true",
    // Counted as in production (the bench measures the upsert each request costs) but never reached.
    RATE_LIMIT_SESSION_PER_MINUTE: "1000000",
    RATE_LIMIT_IP_PER_MINUTE: "1000000",
    AUTH_SECRET,
    WEB_DIST,
    ...("databaseUrl" in target
      ? { DATABASE_URL: target.databaseUrl, DATA_DIR: `${REPO_ROOT}/.tmp/bench/pg-data` }
      : {}),
    ...("dataDir" in target ? { DATA_DIR: target.dataDir } : {}),
  };
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`server at ${url} not ready within ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Spawns a node process running script (through tsx) and waits until its health answers 200. */
export function startProcess(script: string, env: NodeJS.ProcessEnv, port: number): Promise<RunningServer> {
  return startNode(["--import", "tsx", script], env, port);
}

/** Spawns node with args and waits until its health answers 200; readyMs counts from the spawn. */
async function startNode(args: string[], env: NodeJS.ProcessEnv, port: number): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  try {
    await waitForHealth(url, child, 180_000);
  } catch (error) {
    await stopChild(child);
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  return {
    url,
    readyMs: Math.round(performance.now() - started),
    pid: child.pid ?? 0,
    stop: () => stopChild(child),
  };
}

const SERVER_BUNDLE = "dist/server/main.js";
let serverBuilt = false;

/** `npm run build`'s server part, once per bench run, so the bench starts the sources it measures. */
function buildServerOnce(): void {
  if (serverBuilt) return;
  execFileSync(process.execPath, ["scripts/build-server.mjs"], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  });
  serverBuilt = true;
}

/** With BENCH_CPU_PROFILE_DIR set, each app server writes a V8 CPU profile there when it stops. */
function profileArgs(): string[] {
  const dir = process.env.BENCH_CPU_PROFILE_DIR;
  return dir ? ["--cpu-prof", `--cpu-prof-dir=${dir}`] : [];
}

/** The Nexo server as production runs it (`npm start`): `node dist/server/main.js`, the bundle of src/server. */
export function startAppServer(target: Target, port: number): Promise<RunningServer> {
  buildServerOnce();
  return startNode([...profileArgs(), SERVER_BUNDLE], serverEnv(target, port), port);
}
