import { type PGlite, protocol, type QueryOptions, type Results } from "@electric-sql/pglite";
import { readParameterTypes, readResults } from "./pglite-results.ts";

const { serialize } = protocol;

/** Distinct statement texts kept prepared; the app has a few hundred, dynamic IN lists would grow without bound. */
const MAX_PREPARED_STATEMENTS = 500;

/** The part of a PGlite (or of one of its transactions) that drizzle's pglite driver calls. */
export type PgliteQueryClient = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
};

export type PreparedPglite = PgliteQueryClient & {
  /**
   * Changes before every statement that may write (anything but a plain SELECT). PGlite is
   * this process's alone (data-dir lock) and runs one statement at a time, so a value read
   * before a query and unchanged after it proves no write happened in between.
   */
  writeGeneration(): number;
  transaction<T>(fn: (tx: PgliteQueryClient) => Promise<T>): Promise<T>;
  /** A transaction opened by `begin` (BEGIN and any setup statements, simple protocol, one call). */
  transactionWith<T>(begin: string, fn: (tx: PgliteQueryClient) => Promise<T>): Promise<T>;
};

type Statement = { name: string; paramTypes: number[] };

/** PGlite's own locks and flush; underscored but public, and what its query() and transaction() use. */
type PgliteInternals = {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _checkReady(): Promise<void>;
};

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const WRITE_WORDS = /\b(insert|update|delete|merge|truncate|copy|call|do|nextval|setval|lock)\b/i;

/**
 * A statement that cannot change data: a SELECT naming no writing keyword (a `FOR UPDATE`
 * counts as a write: conservative). The schema's SQL functions callable from a SELECT only read.
 */
export function isReadOnlyStatement(text: string): boolean {
  return /^\s*select\b/i.test(text) && !WRITE_WORDS.test(text);
}

/**
 * PGlite parses every byte the backend writes into message objects (copying each field into a
 * new buffer) even when the caller asks for the raw reply — about a seventh of the CPU of a
 * 50-row page. While `rawReply` is on (only inside one synchronous execProtocolRawSync call)
 * its parser skips: the reply is read by pglite-results alone, and PGlite's message list,
 * which only execProtocol empties, does not grow.
 */
let rawReply = false;
let skippedParses = 0;
const pgliteParse = protocol.Parser.prototype.parse;
protocol.Parser.prototype.parse = function parse(this: InstanceType<typeof protocol.Parser>, ...args) {
  if (rawReply) {
    skippedParses += 1;
    return;
  }
  return pgliteParse.apply(this, args);
};

/** Fails loudly if a PGlite upgrade parses replies elsewhere: its message list would grow without bound. */
function assertParserSkipped(): void {
  if (skippedParses === 0) throw new Error("pglite-prepared: PGlite no longer parses replies with protocol.Parser");
}

/** PostgreSQL refuses to run a prepared statement whose result columns a schema change altered. */
function isStalePlan(error: unknown): boolean {
  return (error as { code?: string }).code === "0A000" && /cached plan must not change/.test(String(error));
}

/**
 * PGlite's query() sends parse, describe, bind, describe, execute and sync as six calls into
 * the WASM backend and re-plans the statement every time. Here each distinct statement text is
 * parsed once as a named prepared statement (PostgreSQL then reuses its plan), and each run is
 * one call: bind, describe, execute and sync in a single protocol buffer. A transaction's BEGIN
 * and COMMIT are one simple-protocol call each. Everything else is PGlite's own.
 */
export function preparedPglite(pg: PGlite): PreparedPglite & PGlite {
  const internals = pg as unknown as PgliteInternals;
  const statements = new Map<string, Statement>();
  let counter = 0;
  let writes = 0;

  /** One call into the backend; its raw reply (an ErrorResponse in it is thrown by readResults). */
  async function send(message: Uint8Array): Promise<Uint8Array> {
    rawReply = true;
    try {
      return pg.execProtocolRawSync(message);
    } finally {
      rawReply = false;
    }
  }

  async function prepare(text: string): Promise<Statement> {
    const known = statements.get(text);
    if (known) {
      // Map order is insertion order: re-inserting keeps the least recently used first.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    counter += 1;
    const name = `nexo_${counter}`;
    const reply = await send(
      concat([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]),
    );
    const statement = { name, paramTypes: readParameterTypes(reply) };
    assertParserSkipped();
    statements.set(text, statement);
    if (statements.size > MAX_PREPARED_STATEMENTS) await forgetOldest();
    return statement;
  }

  async function forget(text: string) {
    const statement = statements.get(text);
    if (!statement) return;
    statements.delete(text);
    readResults(await send(concat([serialize.close({ type: "S", name: statement.name }), serialize.sync()])), {});
  }

  async function forgetOldest() {
    const [oldest] = statements.keys();
    if (oldest !== undefined) await forget(oldest);
  }

  function serializeParams(statement: Statement, params: unknown[], options?: QueryOptions): (string | null)[] {
    return params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[index];
      const serializer = type === undefined ? undefined : (options?.serializers?.[type] ?? pg.serializers[type]);
      return serializer ? serializer(value) : String(value);
    });
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    if (options?.blob || options?.paramTypes) throw new Error("preparedPglite: blob and paramTypes are not supported");
    if (!isReadOnlyStatement(text)) writes += 1;
    try {
      const statement = await prepare(text);
      const values = serializeParams(statement, params, options);
      const reply = await send(
        concat([
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
      return readResults(reply, pg.parsers, options)[0] as Results<T>;
    } catch (error) {
      if (isStalePlan(error)) await forget(text);
      Object.assign(error as object, { query: text, params, queryOptions: options });
      throw error;
    }
  }

  async function simple(text: string, options?: QueryOptions): Promise<Results[]> {
    return readResults(await send(serialize.query(text)), pg.parsers, options);
  }

  /** A client whose statements run inside the transaction that holds PGlite's transaction lock. */
  const inTransaction: PgliteQueryClient = {
    query: <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
      internals._runExclusiveQuery(() => run<T>(text, params, options)),
    exec: (text, options) => {
      writes += 1;
      return internals._runExclusiveQuery(() => simple(text, options));
    },
  };

  /** BEGIN (with the setup a caller composed: set_config only) and COMMIT/ROLLBACK write no rows. */
  const control = (text: string) => internals._runExclusiveQuery(() => simple(text));

  async function transactionWith<T>(begin: string, fn: (tx: PgliteQueryClient) => Promise<T>): Promise<T> {
    await internals._checkReady();
    if (begin !== "BEGIN" && !isReadOnlyStatement(begin.replace(/^BEGIN( READ ONLY)?;\s*/, ""))) writes += 1;
    return internals._runExclusiveTransaction(async () => {
      try {
        await control(begin);
        const result = await fn(inTransaction);
        await control("COMMIT");
        return result;
      } catch (error) {
        // After a failed COMMIT there is nothing to roll back; the first error is the one to report.
        await control("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        await pg.syncToFs();
      }
    });
  }

  const overrides: PreparedPglite = {
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
      await internals._checkReady();
      return internals._runExclusiveTransaction(async () => {
        const result = await internals._runExclusiveQuery(() => run<T>(text, params, options));
        await pg.syncToFs();
        return result;
      });
    },
    exec: (text, options) => {
      writes += 1;
      return pg.exec(text, options);
    },
    transaction: (fn) => transactionWith("BEGIN", fn),
    transactionWith,
    writeGeneration: () => writes,
  };

  // PGlite keeps its state in private fields: everything not overridden runs on the PGlite itself.
  return new Proxy(pg, {
    get(target, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof PreparedPglite];
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as PreparedPglite & PGlite;
}
