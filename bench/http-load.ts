import autocannon, { type Result as AutocannonResult } from "autocannon";
import { BENCH_ADMIN_EMAIL, BENCH_MANAGER_EMAIL, BENCH_PASSWORD, type Scale } from "./config.ts";
import { type CpuSplit, startCpuWindow } from "./process-cpu.ts";
import { percentile } from "./stats.ts";

type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };

export type LoadTarget = {
  name: string;
  method?: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  connections: number;
  /** Changes each request (sign-in: another user, another client address). */
  setupRequest?: (request: Request) => Request;
};

export type LoadResult = {
  name: string;
  path: string;
  connections: number;
  seconds: number;
  requests: number;
  /** Completed requests per second (any status). */
  rps: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx, plus connection errors and timeouts. */
  errors: number;
  statusCodes: Record<string, number>;
  /** The bare Hono baseline's rps measured just before this run, and rps divided by it. */
  baselineRps?: number;
  ratioToBaseline?: number;
  /** CPU a request of the measured run (not its warm-up), when the app server's pid was given. */
  cpuPerRequest?: CpuPerRequest;
};

/** The app server's and PostgreSQL's CPU a request, ms (null: PostgreSQL is not on this machine), and the machine's busy share. */
export type CpuPerRequest = { appMs: number; postgresMs: number | null; machineBusy: number };

function autocannonRun(url: string, target: LoadTarget, seconds: number, latencies: number[] | null) {
  return new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}${target.path}`,
        connections: target.connections,
        duration: seconds,
        timeout: 10,
        requests: [
          {
            method: target.method ?? "GET",
            path: target.path,
            headers: target.headers,
            ...(target.setupRequest ? { setupRequest: target.setupRequest } : {}),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (latencies) instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

/**
 * Waits until the server has answered everything a run left queued (a single-connection PGlite
 * server can lag seconds behind), so the next run starts on an idle server.
 */
async function drain(url: string): Promise<void> {
  await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(120_000) }).catch(() => undefined);
}

/** One bounded load run: a one-second warm-up, then `seconds` measured. */
export async function measureLoad(
  url: string,
  target: LoadTarget,
  seconds: number,
  { appPid }: { appPid?: number } = {},
): Promise<LoadResult> {
  await autocannonRun(url, target, 1, null);
  await drain(url);
  const latencies: number[] = [];
  const stopCpuWindow = appPid === undefined ? null : startCpuWindow(appPid);
  const result = await autocannonRun(url, target, seconds, latencies);
  const cpu = stopCpuWindow?.();
  await drain(url);
  latencies.sort((a, b) => a - b);
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [
      code,
      Number((stat as { count: number }).count),
    ]),
  );
  const requests = latencies.length;
  return {
    name: target.name,
    path: target.path,
    connections: target.connections,
    seconds,
    requests,
    rps: Math.round((requests / result.duration) * 10) / 10,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    errors: result.non2xx + result.errors,
    statusCodes,
    ...(cpu && { cpuPerRequest: perRequest(cpu, requests) }),
  };
}

/** "app 0.381 ms, PostgreSQL 0.170 ms a request, machine 98% busy" (PostgreSQL left out when it is not on this machine or not the database). */
export function cpuText(cpu: CpuPerRequest | undefined, { postgres }: { postgres: boolean }): string {
  if (!cpu) return "";
  const database = postgres && cpu.postgresMs !== null ? `, PostgreSQL ${cpu.postgresMs.toFixed(3)} ms` : "";
  return `app ${cpu.appMs.toFixed(3)} ms${database} a request, machine ${Math.round(cpu.machineBusy * 100)}% busy`;
}

function perRequest(cpu: CpuSplit, requests: number): CpuPerRequest {
  const each = (ms: number) => Math.round((ms / Math.max(1, requests)) * 1000) / 1000;
  return {
    appMs: each(cpu.appMs),
    postgresMs: cpu.postgresMs === null ? null : each(cpu.postgresMs),
    machineBusy: Math.round(cpu.machineBusy * 1000) / 1000,
  };
}

/**
 * Loads a freshly started server with each of its targets in turn, unmeasured: a server that has
 * just started answers its first ~10 seconds of load up to a third slower (compiling, sizing its
 * heap, its connections' first plans), and the bench measures the server as it runs, not its start.
 */
export async function warmUpServer(url: string, targets: LoadTarget[], seconds: number): Promise<void> {
  if (seconds <= 0) return;
  for (const target of targets) {
    await autocannonRun(url, target, seconds, null);
    await drain(url);
  }
}

let clientAddress = 0;

/** A distinct client address per sign-in, as many users behind their own networks would be. */
function nextClientAddress(): string {
  clientAddress += 1;
  return `198.18.${(clientAddress >> 8) & 255}.${clientAddress & 255}`;
}

/** Signs in over HTTP and answers the session cookie for the Cookie header. */
export async function signIn(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url, "x-forwarded-for": nextClientAddress() },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token="));
  if (!cookie) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return cookie.split(";")[0];
}

const AGENCY_USERS_LIST = "/api/agency/users";
const FALLBACK_TENANT_LIST = "/api/audit-logs";

/**
 * The list route of the tenant-list bar: BENCH_TENANT_LIST_PATH, else the agency's users list
 * when the server has it, else the agency's audit list (100 rows, a heavier stand-in).
 */
export async function tenantListPath(probe: (path: string) => Promise<number>): Promise<string> {
  if (process.env.BENCH_TENANT_LIST_PATH) return process.env.BENCH_TENANT_LIST_PATH;
  return (await probe(AGENCY_USERS_LIST)) === 200 ? AGENCY_USERS_LIST : FALLBACK_TENANT_LIST;
}

/** A probe for tenantListPath: the status of a GET with this cookie. */
export function httpProbe(url: string, cookie: string) {
  return async (path: string) => (await fetch(`${url}${path}`, { headers: { cookie } })).status;
}

function signInTarget(url: string, scale: Scale, spoofAddress: boolean, connections: number): LoadTarget {
  let n = 0;
  return {
    name: spoofAddress ? "sign-in (distinct client per request)" : "sign-in (one client address)",
    method: "POST",
    path: "/api/auth/sign-in/email",
    connections,
    setupRequest: (request) => {
      n = (n % scale.users) + 1;
      const headers: Record<string, string> = { "content-type": "application/json", origin: url };
      if (spoofAddress) headers["x-forwarded-for"] = nextClientAddress();
      return {
        ...request,
        headers,
        body: JSON.stringify({ email: `user${n}@bench.example.com`, password: BENCH_PASSWORD }),
      };
    },
  };
}

/** Every measured route of the app: health, the tenant list, /api/me, dashboard, audit search and sign-in. */
export async function appTargets(url: string, scale: Scale): Promise<LoadTarget[]> {
  const manager = { cookie: await signIn(url, BENCH_MANAGER_EMAIL) };
  const admin = { cookie: await signIn(url, BENCH_ADMIN_EMAIL) };
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
  return [
    { name: "GET /api/health", path: "/api/health", connections: 50 },
    {
      name: "tenant list (agency manager)",
      path: await tenantListPath(httpProbe(url, manager.cookie)),
      headers: manager,
      connections: 50,
    },
    { name: "GET /api/me (agency manager)", path: "/api/me", headers: manager, connections: 50 },
    { name: "dashboard stats (agency manager)", path: "/api/dashboard/stats", headers: manager, connections: 50 },
    {
      name: "audit search (super admin, action + 7 days)",
      path: `/api/audit-logs?action=update_role&from=${encodeURIComponent(weekAgo)}`,
      headers: admin,
      connections: 50,
    },
    {
      name: "audit search (manager, free text)",
      path: "/api/audit-logs?search=Registro%2012",
      headers: manager,
      connections: 50,
    },
    signInTarget(url, scale, true, 10),
    signInTarget(url, scale, false, 1),
  ];
}

export const BASELINE_TARGET: LoadTarget = { name: "baseline: bare Hono hello-world", path: "/", connections: 50 };
