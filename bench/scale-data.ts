import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { ROLES } from "#domain/roles.ts";
import { createAuth } from "#server/auth/auth.ts";
import { hashPassword } from "#server/auth/password-hash.ts";
import { prepareDatabase } from "#server/bootstrap.ts";
import { loadConfig } from "#server/config.ts";
import {
  type Database,
  type Db,
  PGLITE_EXTENSIONS,
  pgliteDatabase,
  postgresDatabase,
  type Queryable,
  queryRows,
} from "#server/db/client.ts";
import { createUser } from "#tests/factories/users.ts";
import {
  AUTH_SECRET,
  BENCH_ADMIN_EMAIL,
  BENCH_AGENCY_USERS,
  BENCH_MANAGER_EMAIL,
  BENCH_PASSWORD,
  type Scale,
} from "./config.ts";
import { generateDeliveryData, hasDeliveryData } from "./scale-delivery.ts";
import { generateCrmData, hasCrmData } from "./scale-crm.ts";
import { generateFinanceData, hasFinanceData } from "./scale-finance.ts";
import { type LargeAgencyBackup, settleStartupJobs } from "./startup-jobs.ts";
import {
  agencyIdOf,
  agencyOfUser,
  bulkLoad,
  md5Uuid,
  positionKey,
  run,
  textArray,
  timed,
  userIdOf,
} from "./scale-sql.ts";

/** The id the generator gives row n of a kind: PostgreSQL's md5(kind || n)::uuid. */
export function benchUuid(kind: "agency" | "user" | "customer", n: number): string {
  return md5Uuid(`${kind}${n}`);
}

export type GenerationReport = {
  kind: Database["kind"];
  reused: boolean;
  totalMs: number;
  steps: Record<string, number>;
  /** The large agency's first automatic backup, when the start-up jobs wrote it. */
  largeAgencyBackup?: LargeAgencyBackup;
};

// Every bulk user but the first of each agency holds one of the staff and client roles, in turn.
const AGENCY_ROLES = ROLES.filter((role) => role !== "super_admin" && role !== "agency_manager");
const AUDIT_ACTIONS = [
  "login",
  "login",
  "login",
  "logout",
  "create",
  "update",
  "update",
  "delete",
  "update_role",
  "create_invite",
  "login_failed",
  "update_settings",
  "two_factor_enabled",
];
const AUDIT_RESOURCES = ["auth", "customers", "projects", "leads", "tasks", "user", "user_roles", "agency_settings"];
/** Tables whose secondary indexes are dropped for the bulk insert and rebuilt after (much faster). */
const BULK_TABLES = ["audit_logs", "customers", "leads"];

/** Which parts of the scale data are there: agencies and users, the core bulk rows (audit and CRM). */
async function presentParts(db: Db, scale: Scale): Promise<{ base: boolean; core: boolean }> {
  const [row] = await queryRows<{ agencies: number; logs: number }>(
    db,
    sql`select (select count(*)::int from agencies where slug like 'bench-%') as agencies,
               (select count(*)::int from audit_logs) as logs`,
  );
  return { base: row.agencies === scale.agencies, core: row.logs >= scale.auditLogs };
}

async function insertAgencies(db: Db, scale: Scale): Promise<void> {
  await run(
    db,
    `insert into agencies (id, name, slug, contact_email, city, state, country, subscription_plan, max_users, max_clients, max_projects, created_at)
     select ${agencyIdOf("n")}, 'Agência Bench ' || n, 'bench-' || n, 'contato' || n || '@bench.example.com',
            'São Paulo', 'SP', 'Brasil', (array['basic','pro','enterprise'])[1 + n % 3], 200, 1000, 1000,
            now() - make_interval(days => n % 365)
       from generate_series(1, ${scale.agencies}) n`,
  );
}

/**
 * Every generated agency but the large one has its automatic backup switched off (a setting its
 * manager may change): otherwise the start-up jobs wrote a first backup of each of the 1,000
 * agencies (about 16 of the data phase's 23 minutes at full scale), which no bar reads. The large
 * agency's stays on, and its backup is a figure of its own. Idempotent (a reused database).
 */
async function turnBulkBackupsOff(db: Db): Promise<void> {
  await run(
    db,
    `insert into agency_settings (agency_id, setting_key, setting_value)
     select a.id, 'auto_backup', 'false'::jsonb from agencies a
      where a.slug like 'bench-%' and a.id <> '${benchUuid("agency", 1)}'
     on conflict (agency_id, setting_key) do nothing`,
  );
}

/** Bulk users: the sign-up trigger adds profile and role; all share one real argon2 hash of the bench password. */
async function insertBulkUsers(db: Db, scale: Scale, passwordHash: string): Promise<void> {
  await run(
    db,
    `insert into "user" (id, name, email, email_verified, first_name, last_name, created_at)
     select ${userIdOf("n")}, 'Usuário ' || n || ' Bench', 'user' || n || '@bench.example.com', true,
            'Usuário ' || n, 'Bench', now() - make_interval(days => n % 300)
       from generate_series(1, ${scale.users}) n`,
  );
  await run(
    db,
    `update profiles p set agency_id = ${agencyIdOf(agencyOfUser("g.n", scale.agencies))}
       from generate_series(1, ${scale.users}) g(n) where p.id = ${userIdOf("g.n")}`,
  );
  // The first user of every agency manages it; the others cycle through the agency roles.
  await run(
    db,
    `update user_roles r set role = case when g.n = 1 or g.n between ${BENCH_AGENCY_USERS + 1} and ${BENCH_AGENCY_USERS + scale.agencies}
                                    then 'agency_manager' else (${textArray(AGENCY_ROLES)})[1 + g.n % ${AGENCY_ROLES.length}] end
       from generate_series(1, ${scale.users}) g(n) where r.user_id = ${userIdOf("g.n")}`,
  );
  await db.execute(
    sql`insert into account (account_id, provider_id, user_id, password)
        select (${sql.raw(userIdOf("n"))})::text, 'credential', ${sql.raw(userIdOf("n"))}, ${passwordHash}
          from generate_series(1, ${scale.users}) n`,
  );
}

/** Audit rows over 90 days; each row's agency is its user's; 2% are platform rows (no agency). */
async function insertAuditLogs(db: Queryable, scale: Scale): Promise<void> {
  await run(
    db,
    `insert into audit_logs (agency_id, user_id, action, resource_type, resource_id, details, ip_address, user_agent, created_at)
     select case when s.n % 50 = 0 then null else ${agencyIdOf(agencyOfUser("s.u", scale.agencies))} end,
            ${userIdOf("s.u")},
            (${textArray(AUDIT_ACTIONS)})[1 + s.n % ${AUDIT_ACTIONS.length}],
            (${textArray(AUDIT_RESOURCES)})[1 + (s.n / 7) % ${AUDIT_RESOURCES.length}],
            (s.n % 100000)::text,
            jsonb_build_object('name', 'Registro ' || s.n),
            '10.' || (s.u / 256 % 256) || '.' || (s.u % 256) || '.' || (1 + s.n % 4),
            'Mozilla/5.0 (bench)',
            now() - make_interval(secs => (s.n::bigint * 2654435761 % ${90 * 86400})::double precision)
       from (select n, 1 + (n::bigint * 7919 % ${scale.users}) as u from generate_series(1, ${scale.auditLogs}) n) s`,
  );
}

/** customers and leads: row n of each lives in agency 1 + n % agencies. */
async function insertCrmRows(db: Queryable, scale: Scale): Promise<void> {
  const agency = agencyIdOf(`1 + n % ${scale.agencies}`);
  const rows = `generate_series(1, ${scale.crmRows}) n`;
  const created = "now() - make_interval(days => n % 400)";
  await run(
    db,
    `insert into customers (id, agency_id, name, email, company, status, created_at)
     select md5('customer' || n)::uuid, ${agency}, 'Cliente ' || n, 'cliente' || n || '@example.com',
            'Empresa ' || n, (array['ativo','ativo','inativo','lead'])[1 + n % 4], ${created} from ${rows}`,
  );
  await run(
    db,
    // Deals sit on their agency's default pipeline (created by the agencies trigger); the stage and
    // search text triggers are off under session_replication_role = replica, so pipeline, stage and
    // search text are set here.
    `insert into leads (agency_id, pipeline_id, stage_id, name, email, company, source, status, stage, position, score,
                        estimated_value, value_cents, created_at, search_text)
     select st.agency_id, st.pipeline_id, st.id, 'Lead ' || n, 'lead' || n || '@example.com', 'Empresa ' || n, 'site',
            (array['new','contacted','qualified','lost'])[1 + n % 4], st.name, ${positionKey("n")}, n % 100,
            (n % 50) * 500, (n % 50) * 50000, ${created},
            crm_search_text('Lead ' || n, 'lead' || n || '@example.com', null, null)
       from ${rows}
       join pipeline_stages st on st.agency_id = ${agency}
        and st.name = (array['leads','qualificados','proposta','negociacao','fechados'])[1 + n % 5]`,
  );
}

/** The few users whose password hash better-auth computes itself: the bench manager and a super admin. */
async function createRealUsers(database: Database, dataDir: string): Promise<void> {
  const config = loadConfig({ AUTH_SECRET, DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "production" });
  const auth = createAuth(config, database.owner);
  await createUser(auth, database.owner, {
    email: BENCH_MANAGER_EMAIL,
    firstName: "Gerente",
    lastName: "Bench",
    role: "agency_manager",
    agencyId: benchUuid("agency", 1),
    password: BENCH_PASSWORD,
  });
  await createUser(auth, database.owner, {
    email: BENCH_ADMIN_EMAIL,
    firstName: "Admin",
    lastName: "Bench",
    role: "super_admin",
    agencyId: null,
    password: BENCH_PASSWORD,
  });
}

async function insertCoreRows(db: Db, scale: Scale, steps: Record<string, number>): Promise<void> {
  await bulkLoad(db, { tables: BULK_TABLES, steps, indexStep: "indexes" }, async (tx) => {
    await timed(steps, "auditLogs", () => insertAuditLogs(tx, scale));
    await timed(steps, "crm", () => insertCrmRows(tx, scale));
  });
}

/**
 * The parts of the scale data: agencies and users always come first; `core` is audit and the first
 * CRM rows; `crm` tops the CRM tables up to issue 16's sizes (last: it counts what the others made).
 */
export type DataPart = "core" | "finance" | "delivery" | "crm";
export const DATA_PARTS: readonly DataPart[] = ["core", "finance", "delivery", "crm"];

/**
 * Fills a migrated database with the scale's rows, set-based; each part is skipped when its rows
 * are already there (`parts` narrows the run to some of them: the finance bench alone).
 */
export async function generateScaleData(
  database: Database,
  scale: Scale,
  dataDir: string,
  parts: readonly DataPart[] = DATA_PARTS,
): Promise<GenerationReport> {
  const steps: Record<string, number> = {};
  const started = performance.now();
  await timed(steps, "migrate", () => prepareDatabase(database));
  const db = database.owner;
  const present = await presentParts(db, scale);
  const core = parts.includes("core") && !present.core;
  const finance = parts.includes("finance") && !(await hasFinanceData(db, scale));
  const delivery = parts.includes("delivery") && !(await hasDeliveryData(db, scale));
  const crm = parts.includes("crm") && !(await hasCrmData(db, scale));
  if (!present.base) {
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    await timed(steps, "agencies", () => insertAgencies(db, scale));
    await timed(steps, "users", () => insertBulkUsers(db, scale, passwordHash));
    await timed(steps, "realUsers", () => createRealUsers(database, dataDir));
  }
  if (core) await insertCoreRows(db, scale, steps);
  if (finance) await generateFinanceData(db, scale, steps);
  if (delivery) await generateDeliveryData(db, scale, steps);
  if (crm) await generateCrmData(db, scale, steps);
  await timed(steps, "backupsOff", () => turnBulkBackupsOff(db));
  let largeAgencyBackup: LargeAgencyBackup | undefined;
  await timed(steps, "startupJobs", async () => {
    largeAgencyBackup = await settleStartupJobs(database, benchUuid("agency", 1));
  });
  const reused = present.base && !core && !finance && !delivery && !crm;
  // What autovacuum does to a freshly loaded table soon after: statistics, and the visibility map
  // that lets index scans skip the heap (the tenant list's role lookups: ~15% of its execution).
  if (!reused) await timed(steps, "vacuumAnalyze", () => run(db, "vacuum analyze"));
  return {
    kind: database.kind,
    reused,
    totalMs: Math.round(performance.now() - started),
    steps,
    ...(largeAgencyBackup && { largeAgencyBackup }),
  };
}

/** Creates (or, with fresh, recreates) the bench database on the PostgreSQL server of url. */
export async function ensurePostgresDatabase(url: string, fresh: boolean): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    if (fresh) await client.query(`drop database if exists "${name}" with (force)`);
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

export async function openPostgres(url: string): Promise<Database> {
  return postgresDatabase(url, { max: 4 });
}

/** PGlite in dataDir/pgdata, as the server opens it (DATA_DIR). */
export async function openPglite(dataDir: string, fresh: boolean): Promise<Database> {
  if (fresh) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: path.join(dataDir, "pgdata"), extensions: PGLITE_EXTENSIONS });
  return pgliteDatabase(client);
}
