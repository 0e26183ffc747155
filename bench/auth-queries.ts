import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { createApp } from "#server/app.ts";
import { createDeps } from "#server/bootstrap.ts";
import { loadConfig } from "#server/config.ts";
import { type Database, PGLITE_EXTENSIONS, pgliteDatabase, postgresDatabase } from "#server/db/client.ts";
import { StatementInContext } from "#server/db/pg-statement-in-context.ts";
import { AUTH_SECRET, BENCH_MANAGER_EMAIL, BENCH_PASSWORD } from "./config.ts";
import { tenantListPath } from "./http-load.ts";
import type { Target } from "./server-process.ts";

/** The round trips of one request: each is one message batch to the database and its reply. */
export type RoundTrips = {
  /** Round trips before the first one that carries the tenant context: authentication and permission. */
  auth: number;
  total: number;
  trips: string[];
};

export type AuthQueryCount = {
  route: string;
  status: number;
  /** The first request of a session (nothing cached) and the same request again. */
  cold: RoundTrips;
  warm: RoundTrips;
};

const ORIGIN = "http://127.0.0.1:3399";
const TENANT_CONTEXT = "set_config('role'";

/** What one node-postgres query call sends: a statement, or a statement behind the tenant context. */
function describePostgresTrip(config: unknown): string {
  if (config instanceof StatementInContext) return `[${config.context.name}] ${config.text}`;
  return typeof config === "string" ? config : String((config as { text?: string }).text);
}

/** Every node-postgres query call is one round trip (a Query, or a batch ending in Sync). */
function recordPostgresTrips(trips: string[]): () => void {
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function recordedQuery(this: pg.Client, ...args: unknown[]) {
    trips.push(describePostgresTrip(args[0]));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return () => {
    pg.Client.prototype.query = query;
  };
}

/** Printable text of a protocol batch: the SQL of a Query/Parse, the statement name of a Bind. */
function describePgliteTrip(message: Uint8Array): string {
  const text = Buffer.from(message).toString("latin1");
  const type = text[0];
  const [first, second] = text.slice(5).split("\0");
  // Bind: portal name, then statement name; Query and Parse (its name first when named): the SQL.
  if (type === "B") return `bind ${second}`;
  return (type === "P" ? second : first) ?? type;
}

/** PGlite: every call into the WASM backend is one round trip. */
function recordPgliteTrips(client: PGlite, trips: string[]): void {
  const send = client.execProtocolRawSync.bind(client);
  client.execProtocolRawSync = (message: Uint8Array) => {
    trips.push(describePgliteTrip(message));
    return send(message);
  };
}

async function openRecorded(target: Target, trips: string[]): Promise<{ database: Database; close(): Promise<void> }> {
  if ("databaseUrl" in target) {
    const restore = recordPostgresTrips(trips);
    const database = postgresDatabase(target.databaseUrl, 2);
    return { database, close: () => database.close().finally(restore) };
  }
  const client = await PGlite.create({ dataDir: path.join(target.dataDir, "pgdata"), extensions: PGLITE_EXTENSIONS });
  recordPgliteTrips(client, trips);
  const database = pgliteDatabase(client);
  return { database, close: () => database.close() };
}

function roundTripsOf(trips: string[]): RoundTrips {
  const tenantStart = trips.findIndex((trip) => trip.includes(TENANT_CONTEXT) || trip.startsWith("[nexo_tenant"));
  return {
    auth: tenantStart === -1 ? trips.length : tenantStart,
    total: trips.length,
    trips: trips.map((trip) => trip.replace(/\s+/g, " ").trim().slice(0, 160)),
  };
}

/**
 * Counts the round trips of one authenticated request, in process on the server's own drivers:
 * those before the first that carries the tenant context are what session and permission cost.
 * Measured on the first request after sign-in and on the same request again (PGlite reuses a
 * resolved session while nothing was written).
 */
export async function countAuthQueries(target: Target): Promise<AuthQueryCount> {
  const trips: string[] = [];
  const { database, close } = await openRecorded(target, trips);
  try {
    const config = loadConfig({ AUTH_SECRET, PUBLIC_URL: ORIGIN, DATA_DIR: ".tmp/bench/unused", LOG_LEVEL: "silent" });
    const app = createApp(createDeps(config, database), { serveWeb: false });
    const signIn = async () => {
      const response = await app.request(`${ORIGIN}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN, "x-forwarded-for": "198.19.0.1" },
        body: JSON.stringify({ email: BENCH_MANAGER_EMAIL, password: BENCH_PASSWORD }),
      });
      const cookie = response.headers
        .getSetCookie()
        .find((c) => c.includes("session_token="))
        ?.split(";")[0];
      if (!cookie) throw new Error(`sign-in failed: ${response.status}`);
      return cookie;
    };
    const probeCookie = await signIn();
    const route = await tenantListPath(
      async (path) => (await app.request(`${ORIGIN}${path}`, { headers: { cookie: probeCookie } })).status,
    );
    // A new session (its sign-in writes): the first request finds nothing cached.
    const cookie = await signIn();
    const measure = async () => {
      trips.length = 0;
      const response = await app.request(`${ORIGIN}${route}`, { headers: { cookie } });
      await response.text();
      return { status: response.status, trips: roundTripsOf([...trips]) };
    };
    const cold = await measure();
    const warm = await measure();
    return { route, status: Math.max(cold.status, warm.status), cold: cold.trips, warm: warm.trips };
  } finally {
    await close();
  }
}
