import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client.ts";
import { EXCLUDED_TABLES, MEMBER_TABLES, PLATFORM_TABLES } from "./backup-coverage.ts";
import { backedUpColumns } from "./backup-redactions.ts";

/**
 * How a table's rows belong to an agency: by its agency_id, through a member's user id
 * (MEMBER_TABLES), or not at all (a platform table).
 */
export type TableReach = { kind: "agency_id" } | { kind: "member"; column: string } | { kind: "platform" };

export type BackupTable = {
  name: string;
  /** The columns the backup holds, in the table's order (redacted ones left out). */
  columns: string[];
  /** The primary key's columns, in the key's order: the keyset the table is read by. */
  primaryKey: string[];
  reach: TableReach;
};

export type BackupKind = "agency" | "platform";

type CatalogTable = { name: string; columns: string[]; primary_key: string[] };

/** Every ordinary table of `public`, its columns and primary key, from the catalog. */
function readCatalogTables(tx: Tx): Promise<CatalogTable[]> {
  return queryRows<CatalogTable>(
    tx,
    sql`select c.relname::text as name,
               array(select a.attname::text from pg_attribute a
                      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                      order by a.attnum) as columns,
               array(select a.attname::text
                       from pg_index i
                       cross join unnest(i.indkey::int2[]) with ordinality as k(attnum, position)
                       join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
                      where i.indrelid = c.oid and i.indisprimary
                      order by k.position) as primary_key
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
         order by c.relname`,
  );
}

function reachOf(table: CatalogTable): TableReach | null {
  if (Object.hasOwn(EXCLUDED_TABLES, table.name)) return null;
  if ((PLATFORM_TABLES as readonly string[]).includes(table.name)) return { kind: "platform" };
  if (table.columns.includes("agency_id")) return { kind: "agency_id" };
  return Object.hasOwn(MEMBER_TABLES, table.name)
    ? { kind: "member", column: MEMBER_TABLES[table.name as keyof typeof MEMBER_TABLES] }
    : null;
}

/**
 * The tables a backup holds, by name: every table with agency_id and every member table, plus the
 * platform tables in the platform backup. A table the catalog shows and the coverage lists do not
 * place is in no backup; backup-coverage.test.ts fails on it, so it is placed before it ships.
 */
export async function readBackupTables(tx: Tx, kind: BackupKind): Promise<BackupTable[]> {
  const tables: BackupTable[] = [];
  for (const table of await readCatalogTables(tx)) {
    const reach = reachOf(table);
    if (!reach || (reach.kind === "platform" && kind === "agency")) continue;
    const columns = backedUpColumns(table.name, table.columns);
    // Keyset pages need a key the backup holds; without one the table would be read whole into memory.
    if (table.primary_key.length === 0 || !table.primary_key.every((column) => columns.includes(column))) {
      throw new Error(`a tabela ${table.name} não tem chave primária para ler por páginas`);
    }
    tables.push({ name: table.name, columns, primaryKey: table.primary_key, reach });
  }
  return tables;
}
