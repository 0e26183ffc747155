import type { Tx } from "./client.ts";

/** A statement for a hot path, written as SQL with $n parameters and prepared once per connection. */
export type PreparedStatement = { name: string; text: string };

/** Runs a prepared statement on the connection behind a transaction object; rows as arrays of driver values. */
export type RowsQuery = (statement: PreparedStatement, params: unknown[]) => Promise<unknown[][]>;

const rowsQueries = new WeakMap<Tx, RowsQuery>();

/** Called by the transaction runners for every transaction object they build. */
export function registerRowsQuery(tx: Tx, query: RowsQuery): void {
  rowsQueries.set(tx, query);
}

/**
 * The rows of a prepared statement as arrays, with only the driver's own parsing: on a 50-row
 * page drizzle's per-field mapping cost a fifth of the request's CPU in node. For the few queries
 * whose speed is measured (bench/); everything else stays in drizzle.
 */
export function preparedRows(tx: Tx, statement: PreparedStatement, params: unknown[]): Promise<unknown[][]> {
  const query = rowsQueries.get(tx);
  if (!query) throw new Error("preparedRows: a transaction object not built by withTenant");
  return query(statement, params);
}
