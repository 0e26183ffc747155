import os from "node:os";
import path from "node:path";

/** Sizes of one bench run: `small` for a quick look, `full` for the sizes of issue 7. */
export type Scale = {
  name: "small" | "full";
  agencies: number;
  users: number;
  auditLogs: number;
  /** Rows in each of customers and leads. */
  crmRows: number;
  /** Delivery (issue 17): projects, tasks (agency 1's share of them), time entries. */
  projects: number;
  tasks: number;
  bigAgencyTasks: number;
  timeEntries: number;
  /** Finance (issue 18): invoices over all agencies, agency 1's share of them, payments. */
  invoices: number;
  bigAgencyInvoices: number;
  payments: number;
  /** CRM (issue 16): totals of contacts, companies, deals and timeline entries, and the large agency's share. */
  crm: CrmSizes;
  /** Seconds of each HTTP load run. */
  loadSeconds: number;
  /** Seconds each target loads a freshly started server, unmeasured, before any run is measured. */
  serverWarmupSeconds: number;
  /** Runs per audit filter for its p95. */
  planRuns: number;
};

export type CrmSizes = {
  contacts: number;
  bigAgencyContacts: number;
  companies: number;
  bigAgencyCompanies: number;
  deals: number;
  bigAgencyDeals: number;
  timeline: number;
  /** Rows of the CSV the import bench uploads. */
  importRows: number;
};

const SCALES: Record<Scale["name"], Omit<Scale, "loadSeconds" | "serverWarmupSeconds">> = {
  small: {
    name: "small",
    agencies: 50,
    users: 1_000,
    auditLogs: 50_000,
    crmRows: 5_000,
    projects: 5_000,
    tasks: 30_000,
    bigAgencyTasks: 10_000,
    timeEntries: 50_000,
    invoices: 100_000,
    bigAgencyInvoices: 3_000,
    payments: 125_000,
    crm: {
      contacts: 50_000,
      bigAgencyContacts: 10_000,
      companies: 10_000,
      bigAgencyCompanies: 500,
      deals: 15_000,
      bigAgencyDeals: 2_500,
      timeline: 100_000,
      importRows: 5_000,
    },
    planRuns: 30,
  },
  full: {
    name: "full",
    agencies: 1_000,
    users: 20_000,
    auditLogs: 1_000_000,
    crmRows: 100_000,
    projects: 100_000,
    tasks: 2_000_000,
    bigAgencyTasks: 200_000,
    timeEntries: 5_000_000,
    invoices: 2_000_000,
    bigAgencyInvoices: 60_000,
    payments: 2_500_000,
    crm: {
      contacts: 1_000_000,
      bigAgencyContacts: 200_000,
      companies: 200_000,
      bigAgencyCompanies: 10_000,
      deals: 300_000,
      bigAgencyDeals: 50_000,
      timeline: 2_000_000,
      importRows: 100_000,
    },
    planRuns: 30,
  },
};

export function benchScale(env: NodeJS.ProcessEnv = process.env): Scale {
  const name = env.BENCH_SCALE === "small" ? "small" : "full";
  const loadSeconds = Number(env.BENCH_LOAD_SECONDS ?? (name === "small" ? 3 : 6));
  const serverWarmupSeconds = Number(env.BENCH_SERVER_WARMUP_SECONDS ?? 5);
  return { ...SCALES[name], loadSeconds, serverWarmupSeconds };
}

/** The local PostgreSQL server's bench database (created on demand). */
export function benchDatabaseUrl(scale: Scale, env: NodeJS.ProcessEnv = process.env): string {
  return env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/nexo_bench_${scale.name}`;
}

export const REPO_ROOT = path.resolve(import.meta.dirname, "..");
export const BENCH_TMP = path.join(REPO_ROOT, ".tmp", "bench");
export const RESULTS_DIR = path.join(REPO_ROOT, "bench", "results");
export const WEB_DIST = path.join(BENCH_TMP, "web");

/** PGlite data directory of a scale: a temp dir, regenerated unless BENCH_REUSE_DATA=1. */
export function benchPgliteDir(scale: Scale, env: NodeJS.ProcessEnv = process.env): string {
  return env.BENCH_PGLITE_DIR ?? path.join(BENCH_TMP, `pglite-${scale.name}`);
}

export function freshTempDir(prefix: string): string {
  return path.join(os.tmpdir(), `nexo-bench-${prefix}-${process.pid}-${Date.now()}`);
}

/** 127.0.0.1 ports BENCH_PORT_BASE (3300) to +5 are the bench's; another base lets two runs share a machine. */
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 3300);
export const PORTS = {
  baseline: PORT_BASE,
  app: PORT_BASE + 1,
  start: PORT_BASE + 2,
  lighthouse: PORT_BASE + 3,
  /** The two app servers of the platform bench (fan-out across servers, jobs shared by two servers). */
  platformA: PORT_BASE + 4,
  platformB: PORT_BASE + 5,
} as const;

export const AUTH_SECRET = "bench-secret-bench-secret-bench-secret-0123456789";
export const BENCH_PASSWORD = "Nexo@Demo2026";
export const BENCH_MANAGER_EMAIL = "manager@bench.example.com";
export const BENCH_ADMIN_EMAIL = "admin@bench.example.com";
/** Users placed in the bench agency: its user list has more than a page, and it is the large agency of issue 17 (500 users). */
export const BENCH_AGENCY_USERS = 500;
