import pg from "pg";
import type { Database } from "#server/db/client.ts";

/** A request of a route walk that has not answered by then is reported, not waited for. */
export const REQUEST_DEADLINE_MS = 20_000;

/** What the database's other connections were doing (PostgreSQL): who waits, on what, since when. */
async function databaseActivity(database: Database): Promise<string> {
  if (!database.connectionString) return "(PGlite: no other connections)";
  const client = new pg.Client({ connectionString: database.connectionString });
  try {
    await client.connect();
    const { rows } = await client.query(
      `select pid, state, wait_event_type, wait_event, now() - xact_start as in_transaction,
              left(query, 200) as query
         from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
        order by xact_start nulls last`,
    );
    return JSON.stringify(rows, null, 1);
  } catch (error) {
    return `(activity not read: ${error instanceof Error ? error.message : String(error)})`;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The answer, or an error naming the request and what the database was doing when it had not
 * answered within the deadline: a hung request fails its own test at once, instead of holding
 * every test after it until each one times out.
 */
export async function withinDeadline<T>(database: Database, label: string, answer: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void databaseActivity(database).then((activity) =>
        reject(new Error(`${label}: no answer within ${REQUEST_DEADLINE_MS} ms; database activity: ${activity}`)),
      );
    }, REQUEST_DEADLINE_MS);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}
