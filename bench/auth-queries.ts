import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { createApp } from "#server/app.ts";
import { createDeps } from "#server/bootstrap.ts";
import { loadConfig } from "#server/config.ts";
import { type Database, type Db, PGLITE_EXTENSIONS, schema } from "#server/db/client.ts";
import { AUTH_SECRET, BENCH_MANAGER_EMAIL, BENCH_PASSWORD } from "./config.ts";
import { tenantListPath } from "./http-load.ts";
import type { Target } from "./server-process.ts";

export type AuthQueryCount = {
  route: string;
  status: number;
  /** Statements before the handler's tenant transaction: authentication and permission together. */
  authQueries: number;
  totalQueries: number;
  statements: string[];
};

const ORIGIN = "http://127.0.0.1:3399";

/** A database whose every statement is recorded (drizzle's query logger), on the same driver the server uses. */
function recordingDatabase(target: Target, statements: string[]): { database: Database; close(): Promise<void> } {
  const logger = { logQuery: (query: string) => statements.push(query.replace(/\s+/g, " ").trim()) };
  if ("databaseUrl" in target) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 2 });
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    return { database: { kind: "postgres", db, close: () => pool.end() }, close: () => pool.end() };
  }
  const client = new PGlite({ dataDir: path.join(target.dataDir, "pgdata"), extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return { database: { kind: "pglite", db, close: () => client.close() }, close: () => client.close() };
}

/**
 * Counts the statements one authenticated request sends, in process with a recording driver:
 * everything before the tenant transaction's set_config is what session and permission cost.
 */
export async function countAuthQueries(target: Target): Promise<AuthQueryCount> {
  const statements: string[] = [];
  const { database, close } = recordingDatabase(target, statements);
  try {
    const config = loadConfig({ AUTH_SECRET, PUBLIC_URL: ORIGIN, DATA_DIR: ".tmp/bench/unused", LOG_LEVEL: "silent" });
    const app = createApp(createDeps(config, database), { serveWeb: false });
    const signIn = await app.request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, "x-forwarded-for": "198.19.0.1" },
      body: JSON.stringify({ email: BENCH_MANAGER_EMAIL, password: BENCH_PASSWORD }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.includes("session_token="))
      ?.split(";")[0];
    if (!cookie) throw new Error(`sign-in failed: ${signIn.status}`);
    const route = await tenantListPath(
      async (path) => (await app.request(`${ORIGIN}${path}`, { headers: { cookie } })).status,
    );
    statements.length = 0;
    const response = await app.request(`${ORIGIN}${route}`, { headers: { cookie } });
    await response.text();
    // node-postgres logs the transaction's "begin"; PGlite starts it without a logged statement.
    const tenantStart = statements.findIndex(
      (statement) => statement === "begin" || statement.includes("set_config('role'"),
    );
    return {
      route,
      status: response.status,
      authQueries: tenantStart === -1 ? statements.length : tenantStart,
      totalQueries: statements.length,
      statements: statements.map((statement) => statement.slice(0, 160)),
    };
  } finally {
    await close();
  }
}
