import pg from "pg";

/** A parameterised statement that sets transaction-local context (set_config(..., true) only). */
export type ContextStatement = {
  name: string;
  text: string;
  values: (string | null)[];
  /** Called after each statement that ran behind this context and succeeded. */
  onStatementDone?: () => void;
};

/** What node-postgres hands a submittable: the protocol writer and its per-connection bookkeeping. */
type Connection = {
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string>;
  /** Named statements whose Parse was sent and not yet answered. */
  submittedNamedStatements: Record<string, string>;
  parse(query: { name: string; text: string; types: number[] }): void;
  bind(config: { statement: string; values: (string | null)[] }): void;
  execute(config: Record<string, never>): void;
  sync(): void;
};

type QueryConfig = { text: string; name?: string; rowMode?: "array"; types?: unknown };

/** node-postgres's Query, seen as the submittable it is (its handlers are not in @types/pg). */
type PgQuery = {
  text: string;
  name?: string;
  queryMode?: string;
  submit(connection: Connection): Error | null;
  handleRowDescription(msg: unknown): void;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: Connection): void;
  handleEmptyQuery(connection: Connection): void;
  handleError(error: Error, connection: Connection): void;
  handleReadyForQuery(connection: Connection): void;
  handlePortalSuspended(connection: Connection): void;
  handleCopyInResponse(connection: Connection): void;
  handleCopyData(msg: unknown, connection: Connection): void;
};

const PgQueryClass = pg.Query as unknown as new (
  config: QueryConfig,
  values: unknown[] | undefined,
  callback: (error: Error | null, result: pg.QueryResult) => void,
) => PgQuery;

/**
 * One statement preceded by a context statement, written as one extended-protocol batch ending
 * in a single Sync: PostgreSQL runs both in one implicit transaction, so the context's
 * transaction-local settings hold for the statement and vanish with it, and the pair costs one
 * round trip. A failing context statement makes the server skip the statement (it discards
 * everything up to the Sync), so the statement never runs without its context.
 *
 * The statement itself is node-postgres's own Query (named statements parsed once per
 * connection, rows and types parsed as usual); this object only writes the context first and
 * swallows the context's replies (ParseComplete, BindComplete, its DataRow, CommandComplete).
 */
export class StatementInContext {
  private isContextDone = false;
  private submitError: Error | null = null;

  constructor(
    readonly context: ContextStatement,
    private readonly statement: PgQuery,
  ) {}

  /** Read by the client on ParseComplete and errors: only the statement's name is ever recorded. */
  get name(): string | undefined {
    return this.isContextDone ? this.statement.name : undefined;
  }

  get text(): string {
    return this.statement.text;
  }

  submit(connection: Connection): null {
    connection.stream.cork?.();
    try {
      if (connection.parsedStatements[this.context.name] === undefined) {
        connection.parse({ name: this.context.name, text: this.context.text, types: [] });
        connection.parsedStatements[this.context.name] = this.context.text;
      }
      connection.bind({ statement: this.context.name, values: this.context.values });
      connection.execute({});
      // Never the simple protocol: a Query message would end the implicit transaction.
      this.statement.queryMode = "extended";
      this.submitError = this.statement.submit(connection);
      // The statement wrote nothing (bad config): close the batch; the error is reported at ReadyForQuery.
      if (this.submitError) connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(msg: unknown): void {
    this.statement.handleRowDescription(msg);
  }

  handleDataRow(msg: unknown): void {
    if (this.isContextDone) this.statement.handleDataRow(msg);
  }

  handleCommandComplete(msg: unknown, connection: Connection): void {
    if (this.isContextDone) this.statement.handleCommandComplete(msg, connection);
    else this.isContextDone = true;
  }

  handleEmptyQuery(connection: Connection): void {
    this.statement.handleEmptyQuery(connection);
  }

  handleError(error: Error, connection: Connection): void {
    if (!this.isContextDone) {
      healContextBookkeeping(error, connection, this.context);
      // The server discarded the statement's Parse with everything else up to the Sync.
      if (this.statement.name) delete connection.submittedNamedStatements[this.statement.name];
    }
    this.statement.handleError(error, connection);
  }

  handleReadyForQuery(connection: Connection): void {
    if (this.submitError) this.statement.handleError(this.submitError, connection);
    else this.statement.handleReadyForQuery(connection);
  }

  handlePortalSuspended(connection: Connection): void {
    this.statement.handlePortalSuspended(connection);
  }

  handleCopyInResponse(connection: Connection): void {
    this.statement.handleCopyInResponse(connection);
  }

  handleCopyData(msg: unknown, connection: Connection): void {
    this.statement.handleCopyData(msg, connection);
  }
}

const UNDEFINED_PREPARED_STATEMENT = "26000";
const DUPLICATE_PREPARED_STATEMENT = "42P05";

/**
 * The context statement is recorded as prepared when its Parse is sent. Should the server
 * disagree (a Parse that failed, a statement deallocated behind our back), the record follows
 * the server's word, so the next request on this connection succeeds.
 */
function healContextBookkeeping(error: Error, connection: Connection, context: ContextStatement): void {
  const code = (error as { code?: string }).code;
  if (code === UNDEFINED_PREPARED_STATEMENT) delete connection.parsedStatements[context.name];
  if (code === DUPLICATE_PREPARED_STATEMENT) connection.parsedStatements[context.name] = context.text;
}

/** Runs one statement in its own implicit transaction after `context`: one round trip. */
export function queryInContext(
  client: pg.PoolClient,
  context: ContextStatement,
  config: QueryConfig,
  values: unknown[] | undefined,
): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    const statement = new PgQueryClass(config, values, (error, result) => (error ? reject(error) : resolve(result)));
    client.query(new StatementInContext(context, statement) as unknown as pg.QueryConfig);
  });
}
