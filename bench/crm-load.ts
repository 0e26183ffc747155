import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import type { MoveDealBody } from "#domain/schemas/crm.ts";
import { type Database, queryRows } from "#server/db/client.ts";
import { BENCH_MANAGER_EMAIL, type Scale } from "./config.ts";
import {
  httpProbe,
  type LoadResult,
  type LoadTarget,
  measureLoad,
  signIn,
  tenantListPath,
  warmUpServer,
} from "./http-load.ts";
import { benchUuid } from "./scale-data.ts";
import { percentile } from "./stats.ts";

// Issue 16's CRM load bars: deal moves under 50 connections, and a 100,000-row CSV import with
// the app answering a tenant list meanwhile.

export const MOVE_TARGET = "move a deal (agency manager, large agency)";
const MOVE_CONNECTIONS = 50;
/** Connections of the tenant list loaded while the import runs (people using the app meanwhile). */
const LIST_CONNECTIONS_DURING_IMPORT = 10;
const IMPORT_POLL_MS = 500;
const IMPORT_TIMEOUT_MS = 15 * 60_000;

type Card = { id: string };
type Board = { columns: { stageId: string; deals: Card[] }[] };

async function getJson<T>(url: string, cookie: string): Promise<T> {
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The bench's moves among the board's first cards (the ones people drag): each takes a card at
 * random and puts it after another card (one time in four: first) of a random column. Cards move
 * between and within columns. The same sequence on every run (a seeded generator).
 */
export function randomMoves(cards: string[], stages: string[]): () => { id: string; body: MoveDealBody } {
  let seed = 1;
  const random = (n: number) => {
    seed = (seed * 48271) % 2147483647;
    return seed % n;
  };
  return () => {
    const id = cards[random(cards.length)];
    const after = random(4) === 0 ? null : cards[random(cards.length)];
    return { id, body: { stageId: stages[random(stages.length)], afterId: after === id ? null : after } };
  };
}

async function moveTarget(url: string, cookie: string): Promise<{ target: LoadTarget; cards: string[] }> {
  const board = await getJson<Board>(`${url}/api/crm/board`, cookie);
  const cards = board.columns.flatMap((column) => column.deals.map((deal) => deal.id));
  const nextMove = randomMoves(
    cards,
    board.columns.map((column) => column.stageId),
  );
  const target: LoadTarget = {
    name: MOVE_TARGET,
    method: "POST",
    path: `/api/crm/deals/${cards[0]}/move`,
    headers: { cookie, "content-type": "application/json" },
    connections: MOVE_CONNECTIONS,
    setupRequest: (request) => {
      const { id, body } = nextMove();
      return { ...request, path: `/api/crm/deals/${id}/move`, body: JSON.stringify(body) };
    },
  };
  return { target, cards };
}

export type OrderCheck = { deals: number; dealsBefore: number; duplicateKeys: number; consistent: boolean };

/** The large agency's deal order after the moves: as many deals, no two with one key in a stage. */
async function orderOf(database: Database): Promise<{ deals: number; duplicateKeys: number }> {
  const [row] = await queryRows<{ deals: number; duplicates: number }>(
    database.owner,
    sql`select (select count(*)::int from leads where agency_id = ${benchUuid("agency", 1)} and deleted_at is null) as deals,
               (select count(*)::int from (select 1 from leads where agency_id = ${benchUuid("agency", 1)} and deleted_at is null
                  group by stage_id, position having count(*) > 1) d) as duplicates`,
  );
  return { deals: row.deals, duplicateKeys: row.duplicates };
}

/**
 * Deal moves at 50 connections (after the server's warm-up), paired with the baseline run just
 * before, with the CPU a move of the app server (`appPid`) and of PostgreSQL; then the order is checked.
 */
export async function measureDealMoves(
  { url, appPid }: { url: string; appPid: number },
  baselineUrl: string,
  baselineTarget: LoadTarget,
  database: Database,
  { seconds, warmupSeconds }: { seconds: number; warmupSeconds: number },
): Promise<{ baseline: LoadResult; moves: LoadResult; order: OrderCheck }> {
  const cookie = await signIn(url, BENCH_MANAGER_EMAIL);
  const { target } = await moveTarget(url, cookie);
  await warmUpServer(url, [target], warmupSeconds);
  const before = await orderOf(database);
  const baseline = await measureLoad(baselineUrl, baselineTarget, seconds);
  const moves = await measureLoad(url, target, seconds, { appPid });
  const after = await orderOf(database);
  const order = {
    deals: after.deals,
    dealsBefore: before.deals,
    duplicateKeys: after.duplicateKeys,
    consistent: after.deals === before.deals && after.duplicateKeys === 0,
  };
  return {
    baseline,
    moves: {
      ...moves,
      baselineRps: baseline.rps,
      ratioToBaseline: Math.round((moves.rps / baseline.rps) * 10_000) / 10_000,
    },
    order,
  };
}

const FIRST = ["Ana", "Bruno", "Cecília", "Davi", "Élida", "Fábio", "Graça", "Hugo", "Íris", "Júlio"];
const LAST = ["Araújo", "Batista", "Cardoso", "Duarte", "Esteves", "Farias", "Guimarães", "Honório", "Ivo", "Jesus"];

/** A CSV as Brazilian Excel writes it (semicolons), rows distinct from every contact the generator made. */
export function importCsv(rows: number, stamp: string): string {
  const lines = ["Nome;E-mail;Telefone;Cidade;UF;Origem"];
  for (let n = 1; n <= rows; n++) {
    const name = `${FIRST[n % 10]} ${LAST[Math.floor(n / 10) % 10]} ${LAST[Math.floor(n / 100) % 10]}`;
    // Area code 19: the generator's contacts never have it, so no row is a duplicate.
    const phone = `(19) 9${String(10_000_000 + ((n * 7919) % 90_000_000)).padStart(8, "0")}`;
    lines.push(`${name};importado.${stamp}.${n}@exemplo.com.br;${phone};Campinas;SP;planilha`);
  }
  return `${lines.join("\r\n")}\r\n`;
}

const IMPORT_MAPPING = {
  Nome: "name",
  "E-mail": "email",
  Telefone: "phone",
  Cidade: "city",
  UF: "state",
  Origem: "source",
};

type ImportStatus = { id: string; status: string; importedRows: number; skippedRows: number; failedRows: number };

export type ImportResult = {
  rows: number;
  ms: number;
  status: string;
  imported: number;
  skipped: number;
  failed: number;
  /** The tenant list loaded during the import. */
  list: {
    path: string;
    connections: number;
    requests: number;
    p50Ms: number;
    p95Ms: number;
    p99Ms: number;
    errors: number;
  };
};

/** Loads `path` until stop() and answers every latency and the error count. */
function loadUntilStopped(url: string, path: string, cookie: string) {
  const latencies: number[] = [];
  let stopInstance: () => void = () => undefined;
  const finished = new Promise<{ errors: number }>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}${path}`,
        connections: LIST_CONNECTIONS_DURING_IMPORT,
        duration: IMPORT_TIMEOUT_MS / 1000,
        timeout: 10,
        headers: { cookie },
      },
      (error, result) => (error ? reject(error) : resolve({ errors: result.non2xx + result.errors })),
    );
    instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
    stopInstance = () => instance.stop();
  });
  let stopped: Promise<{ latencies: number[]; errors: number }> | null = null;
  const stop = () => {
    stopped ??= (async () => {
      stopInstance();
      const { errors } = await finished;
      return { latencies: latencies.sort((a, b) => a - b), errors };
    })();
    return stopped;
  };
  return { stop };
}

async function runImport(url: string, cookie: string, csv: string, started: number): Promise<ImportStatus> {
  const response = await fetch(`${url}/api/crm/imports`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ fileName: "bench.csv", csv, mapping: IMPORT_MAPPING, duplicates: "skip" }),
  });
  if (response.status !== 202) throw new Error(`import: ${response.status} ${await response.text()}`);
  let status = (await response.json()) as ImportStatus;
  while (status.status === "running") {
    if (performance.now() - started > IMPORT_TIMEOUT_MS) throw new Error("import: still running after 15 min");
    await new Promise((resolve) => setTimeout(resolve, IMPORT_POLL_MS));
    status = await getJson<ImportStatus>(`${url}/api/crm/imports/${status.id}`, cookie);
  }
  return status;
}

/**
 * Uploads the CSV as the large agency's manager and waits for the background import (upload to
 * done), a tenant list loaded meanwhile. The imported contacts stay until removeImported.
 */
export async function measureImport(url: string, scale: Scale, stamp: string): Promise<ImportResult> {
  const cookie = await signIn(url, BENCH_MANAGER_EMAIL);
  const rows = scale.crm.importRows;
  const csv = importCsv(rows, stamp);
  const listPath = await tenantListPath(httpProbe(url, cookie));
  const load = loadUntilStopped(url, listPath, cookie);
  const started = performance.now();
  const status = await runImport(url, cookie, csv, started).finally(() => load.stop());
  const ms = Math.round(performance.now() - started);
  const list = await load.stop();
  return {
    rows,
    ms,
    status: status.status,
    imported: status.importedRows,
    skipped: status.skippedRows,
    failed: status.failedRows,
    list: {
      path: listPath,
      connections: LIST_CONNECTIONS_DURING_IMPORT,
      requests: list.latencies.length,
      p50Ms: percentile(list.latencies, 50),
      p95Ms: percentile(list.latencies, 95),
      p99Ms: percentile(list.latencies, 99),
      errors: list.errors,
    },
  };
}

/**
 * Removes what an import of `importCsv(…, stamp)` added (contacts and their "imported" entries), so
 * a rerun on the same data starts from the same sizes. No row references a contact just imported:
 * per-row foreign-key triggers are skipped (the leads' contact_id check would scan per contact).
 */
export async function removeImported(database: Database, stamp: string): Promise<void> {
  const agencyId = benchUuid("agency", 1);
  await database.owner.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql`delete from timeline_events t using customers c
           where t.agency_id = ${agencyId} and t.record_type = 'contact' and t.record_id = c.id
             and c.agency_id = ${agencyId} and c.email like ${`importado.${stamp}.%`}`,
    );
    await tx.execute(sql`delete from customers where agency_id = ${agencyId} and email like ${`importado.${stamp}.%`}`);
  });
}
