/** A role of the old database besides its superuser: what CREATE ROLE needs to recreate it. */
export type OldRole = { name: string; canLogin: boolean; inherit: boolean; bypassRls: boolean };

/** Rows per table (`schema.table`) of the old database's own schemas. */
export type RowCounts = Record<string, number>;

export type OldDatabaseDump = { sql: string; roles: OldRole[]; rowCounts: RowCounts; version: string };

/**
 * Opens a PGlite 0.3 data directory and dumps it (pg_dump of @electric-sql/pglite-tools 0.2);
 * `beforeDump` runs first, on the old database (what its dump needs to restore).
 */
export function dumpOldDataDir(
  dataDir: string,
  options?: { beforeDump?: (pg: import("@electric-sql/pglite").PGlite) => Promise<void> },
): Promise<OldDatabaseDump>;

/** Opens (creating it when missing) a PGlite 0.3 data directory, with pg_trgm: tests build an old DATA_DIR with it. */
export function openOldDataDir(dataDir: string): Promise<import("@electric-sql/pglite").PGlite>;

/** Rows per table of the user schemas of a database, through any client with PGlite's query(). */
export function countRows(pg: { query<T>(sql: string): Promise<{ rows: T[] }> }): Promise<RowCounts>;
