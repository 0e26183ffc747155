import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, postgresDatabase, queryRows } from "#server/db/client.ts";
import { customers } from "#server/db/schema.ts";
import { type TenantContext, withTenant } from "#server/db/tenant.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { adminUrl } from "#tests/support/golden.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_DB_KIND } from "#tests/support/test-database.ts";

// Read-only tenant work (every GET): one transaction on PGlite, statement by statement behind
// the tenant context on PostgreSQL. Both must scope, refuse writes and leave nothing behind.
let t: TestApp;
let agencyA: string;
let agencyB: string;

const contextOf = (agencyId: string): TenantContext => ({ userId: null, agencyId, isSuperAdmin: false });
const read = <T>(agencyId: string, fn: Parameters<typeof withTenant<T>>[2]) =>
  withTenant(t.database.db, contextOf(agencyId), fn, { readOnly: true });

/** The message of a rejection with its cause's (drizzle wraps the driver's error). */
async function failureOf(work: unknown): Promise<string> {
  try {
    await work;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ""}`;
  }
  return "no failure";
}

beforeAll(async () => {
  t = await createTestApp();
  agencyA = (await createAgency(t.database.db, { name: "Agência A" })).id;
  agencyB = (await createAgency(t.database.db, { name: "Agência B" })).id;
  await t.database.db.insert(customers).values([
    { agencyId: agencyA, name: "cliente A", status: "active" },
    { agencyId: agencyB, name: "cliente B", status: "active" },
  ]);
});
afterAll(() => t.close());

describe("read-only tenant work", () => {
  it("sees only its agency's rows, statement after statement", async () => {
    const names = await read(agencyA, async (tx) => {
      const first = await tx.select({ name: customers.name }).from(customers);
      const second = await queryRows<{ name: string }>(tx, sql`select name from customers`);
      return [...first, ...second].map((row) => row.name);
    });
    expect(names).toEqual(["cliente A", "cliente A"]);
  });

  it("refuses every write, and nothing is written", async () => {
    expect(
      await failureOf(
        read(agencyA, (tx) => tx.insert(customers).values({ agencyId: agencyA, name: "escrito num GET" })),
      ),
    ).toMatch(/read-only transaction/);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from customers where name = 'escrito num GET'`,
    );
    expect(row.n).toBe(0);
  });
});

if (TEST_DB_KIND !== "postgres") {
  console.log(
    "[skip] statement-by-statement reads: PostgreSQL only (PGlite reads in one transaction); the PostgreSQL pass runs them",
  );
}
describe.skipIf(TEST_DB_KIND !== "postgres")("read-only tenant work on PostgreSQL, on one connection", () => {
  // One pooled connection, so the owner's next statement runs where the tenant's ran.
  let single: Database;
  beforeAll(async () => {
    const [{ name }] = await queryRows<{ name: string }>(t.database.db, sql`select current_database() as name`);
    single = postgresDatabase(adminUrl(process.env.TEST_DATABASE_URL as string, name), 1);
  });
  afterAll(() => single.close());

  const readOn = <T>(fn: Parameters<typeof withTenant<T>>[2], options = {}) =>
    withTenant(single.db, contextOf(agencyA), fn, { readOnly: true, ...options });

  it("runs a failed statement's successors normally (each is its own transaction)", async () => {
    const outcome = await readOn(async (tx) => {
      const failure = await failureOf(tx.execute(sql`select 1 / 0`));
      const [after] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from customers`);
      return { failure, after: after.n };
    });
    expect(outcome).toEqual({ failure: expect.stringMatching(/division by zero/), after: 1 });
  });
  it("leaves neither role, context nor read-only mode on the connection", async () => {
    await readOn((tx) => tx.select().from(customers));
    const [row] = await queryRows<{ role: string; agency: string | null; readOnly: string; timeout: string }>(
      single.db,
      sql`select current_user as role, nullif(current_setting('app.agency_id', true), '') as agency,
        current_setting('transaction_read_only') as "readOnly", current_setting('statement_timeout') as timeout`,
    );
    expect(row).toEqual({ role: "postgres", agency: null, readOnly: "off", timeout: "0" });
  });

  it("applies a statement time limit to each statement, and only there", async () => {
    const timeouts = await readOn(
      async (tx) => {
        const [first] = await queryRows<{ t: string }>(tx, sql`select current_setting('statement_timeout') as t`);
        const [second] = await queryRows<{ t: string }>(tx, sql`select current_setting('statement_timeout') as t`);
        return [first.t, second.t];
      },
      { statementTimeoutMs: 1234 },
    );
    expect(timeouts).toEqual(["1234ms", "1234ms"]);
    const [after] = await queryRows<{ t: string }>(single.db, sql`select current_setting('statement_timeout') as t`);
    expect(after.t).toBe("0");
  });

  it("refuses a transaction setting of the caller's own, which would end with its statement", async () => {
    expect(
      await failureOf(readOn((tx) => tx.execute(sql`select set_config('statement_timeout', '10', true)`))),
    ).toMatch(/pass transaction settings in the context/);
    expect(await failureOf(readOn((tx) => tx.execute(sql`set local work_mem = '1MB'`)))).toMatch(
      /pass transaction settings in the context/,
    );
  });

  it("shares named prepared statements with transactions on the same connection", async () => {
    const query = (db: Parameters<Parameters<typeof readOn>[0]>[0]) =>
      db.select({ name: customers.name }).from(customers).prepare("tenant_reads_test_names").execute();
    const inRead = await readOn(query);
    const inTransaction = await withTenant(single.db, contextOf(agencyA), query);
    const inReadAgain = await readOn(query);
    expect([inRead, inTransaction, inReadAgain]).toEqual([
      [{ name: "cliente A" }],
      [{ name: "cliente A" }],
      [{ name: "cliente A" }],
    ]);
  });

  it("prepares a statement again when a refused context made the server skip its first Parse", async () => {
    const [{ epoch }] = await queryRows<{ epoch: string }>(single.db, sql`select value::text as epoch from auth_epoch`);
    const proof = (authEpoch: string) => ({
      readOnly: true,
      sessionProof: { authEpoch, expiresAt: Date.now() + 60_000, onProven: () => {} },
    });
    const names = (tx: Parameters<Parameters<typeof readOn>[0]>[0]) =>
      tx.select({ name: customers.name }).from(customers).prepare("tenant_reads_test_after_refusal").execute();
    expect(await failureOf(readOn(names, proof(`${epoch}0`)))).toMatch(/a sessão mudou/);
    expect(await readOn(names, proof(epoch))).toEqual([{ name: "cliente A" }]);
  });

  it("recovers when the connection's prepared statements are dropped behind its back", async () => {
    await readOn((tx) => tx.select().from(customers));
    await single.db.execute(sql`deallocate all`);
    // The first read learns from the server that its context statement is gone; the next re-prepares it.
    await readOn((tx) => tx.select().from(customers)).catch(() => undefined);
    const rows = await readOn((tx) => tx.select({ name: customers.name }).from(customers));
    expect(rows).toEqual([{ name: "cliente A" }]);
  });

  it("refuses a statement sent after its work ended (a missing await)", async () => {
    let escaped: Parameters<Parameters<typeof readOn>[0]>[0] | undefined;
    await readOn(async (tx) => {
      escaped = tx;
    });
    expect(await failureOf(escaped?.execute(sql`select 1`))).toMatch(/outside its request's context/);
  });
});
