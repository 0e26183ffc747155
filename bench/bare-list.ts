import pg from "pg";
import { BENCH_MANAGER_EMAIL, PORTS } from "./config.ts";
import type { LoadTarget } from "./http-load.ts";
import { type RunningServer, startProcess } from "./server-process.ts";

/** The reference run's name in the HTTP table (not a bar: bars.ts reads the app's own routes). */
export const BARE_LIST_NAME = "reference: tenant list's statements behind a bare Hono (no app middleware)";

export const BARE_LIST_TARGET: LoadTarget = { name: BARE_LIST_NAME, path: "/list", connections: 50 };

/** The bench manager's user and agency, whose list the reference server answers. */
export async function managerOf(databaseUrl: string): Promise<{ userId: string; agencyId: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; agency_id: string }>(
      `select p.id, p.agency_id from profiles p join "user" u on u.id = p.id where u.email = $1`,
      [BENCH_MANAGER_EMAIL],
    );
    if (!rows[0]) throw new Error(`${BENCH_MANAGER_EMAIL} is not in the bench database`);
    return { userId: rows[0].id, agencyId: rows[0].agency_id };
  } finally {
    await client.end();
  }
}

/** Starts bare-list-server.ts on PostgreSQL (the start-time phase's port, idle during the HTTP phase). */
export async function startBareListServer(databaseUrl: string): Promise<RunningServer> {
  const { userId, agencyId } = await managerOf(databaseUrl);
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    PORT: String(PORTS.start),
    DATABASE_URL: databaseUrl,
    USER_ID: userId,
    AGENCY_ID: agencyId,
  };
  return startProcess("bench/bare-list-server.ts", env, PORTS.start);
}
