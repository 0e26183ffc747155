import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database, Tx } from "#server/db/client.ts";
import { type TenantContext, type TenantOptions, withTenant } from "#server/db/tenant.ts";

const dialect = new PgDialect();

type Query = { sql: string; params: unknown[] };
type Buildable = { toSQL(): Query };

/** A bound value as one parameter again (an array, such as `= ANY($n::uuid[])`'s, is not spread into a list). */
function paramOf(value: unknown): SQL {
  return Array.isArray(value) ? sql`${sql.param(value)}` : sql`${value ?? null}`;
}

/** A statement's text and parameters as SQL again ($n placeholders back to bound values), to EXPLAIN it. */
function sqlOf(query: Query): SQL {
  const parts = query.sql.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : paramOf(query.params[Number(part) - 1]))));
}

/** The select builder of `select(...)`, whose `from(...)` query is noted (a builder is completed in place). */
function recordingSelect(builder: object, noted: (() => Query)[]): object {
  return new Proxy(builder, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop !== "from" || typeof value !== "function")
        return typeof value === "function" ? value.bind(target) : value;
      return (...args: unknown[]) => {
        const query = value.apply(target, args) as Buildable;
        noted.push(() => query.toSQL());
        return query;
      };
    },
  });
}

/**
 * The statements a server function sends, in order: it runs once on a transaction that notes raw
 * SQL (execute) and query-builder selects (rebuilt from their text and parameters after the run).
 */
export async function recordStatements(
  database: Database,
  context: TenantContext,
  options: TenantOptions,
  fn: (tx: Tx) => Promise<unknown>,
): Promise<SQL[]> {
  const noted: (() => Query)[] = [];
  await withTenant(
    database,
    context,
    async (tx) => {
      const recorder = new Proxy(tx, {
        get(target, prop) {
          const value = Reflect.get(target, prop, target);
          if (typeof value !== "function") return value;
          if (prop === "execute") {
            return (query: SQL) => {
              noted.push(() => dialect.sqlToQuery(query));
              return target.execute(query);
            };
          }
          if (prop === "select") return (...args: unknown[]) => recordingSelect(value.apply(target, args), noted);
          return value.bind(target);
        },
      });
      await fn(recorder);
    },
    options,
  );
  return noted.map((query) => sqlOf(query()));
}
