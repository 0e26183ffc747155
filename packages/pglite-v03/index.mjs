// The previous embedded database (PGlite 0.3, PostgreSQL 17) and the pg_dump built for it, kept in
// their own workspace package: pglite-tools 0.2 requires PGlite 0.3 as its peer, while the app runs
// PGlite 0.5. Nexo opens an old DATA_DIR with these once, to dump it into the new release.
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";

// The extensions the migrations create (src/server/db/client.ts, PGLITE_EXTENSIONS): a directory
// migrated further than the release that wrote it (the upgrade test's) may hold btree_gin too.
export function openOldDataDir(dataDir) {
  return PGlite.create({ dataDir, extensions: { btree_gin, pg_trgm } });
}

const USER_TABLES = `
  select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg\\_%' and not c.relispartition
  order by 1`;

export async function countRows(pg) {
  const counts = {};
  for (const { name } of (await pg.query(USER_TABLES)).rows) {
    const [row] = (await pg.query(`select count(*)::int as n from ${name}`)).rows;
    counts[name] = row.n;
  }
  return counts;
}

export async function dumpOldDataDir(dataDir, { beforeDump } = {}) {
  const pg = await openOldDataDir(dataDir);
  try {
    if (beforeDump) await beforeDump(pg);
    const [{ version }] = (await pg.query("select version()")).rows;
    const roles = (
      await pg.query(
        `select rolname as name, rolcanlogin as "canLogin", rolinherit as inherit, rolbypassrls as "bypassRls"
         from pg_roles where rolname !~ '^pg_' and rolname <> current_user order by rolname`,
      )
    ).rows;
    const rowCounts = await countRows(pg);
    const dump = await pgDump({ pg });
    return { sql: await dump.text(), roles, rowCounts, version };
  } finally {
    await pg.close();
  }
}
