import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, postgresDatabase, queryRows, type Tx } from "#server/db/client.ts";
import { customers } from "#server/db/schema.ts";
import {
  readTenantRows,
  type SessionProof,
  type TenantContext,
  sqlLiteral,
  type TenantOptions,
  withTenant,
  writeTenantRows,
} from "#server/db/tenant.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { adminUrl } from "#tests/support/golden.ts";
import { createTestDatabase, skipUnlessDatabase, TEST_DB_KIND } from "#tests/support/test-database.ts";

// The database layer on its own (db/client.ts, db/tenant.ts), on the driver of this pass: PGlite
// in the api project, PostgreSQL (node-postgres) in api-postgres. On PostgreSQL the database
// under test has a pool of ONE connection, so the owner's next statement runs on the very
// connection the tenant work used: whatever it left behind would show.
let base: Database;
let database: Database;
let agencyA: string;
let agencyB: string;

beforeAll(async () => {
  base = await createTestDatabase();
  if (TEST_DB_KIND === "postgres") {
    const [{ name }] = await queryRows<{ name: string }>(base.owner, sql`select current_database() as name`);
    database = postgresDatabase(adminUrl(process.env.TEST_DATABASE_URL as string, name), { max: 1 });
  } else {
    database = base;
  }
  agencyA = (await createAgency(database.owner, { name: "Agência A" })).id;
  agencyB = (await createAgency(database.owner, { name: "Agência B" })).id;
  // Customers are record-scoped (issue 16): the context is a manager of agency A, who sees all of them.
  managerA = crypto.randomUUID();
  await database.owner.execute(
    sql`insert into "user" (id, name, email, signup_role) values (${managerA}, 'Gestora A', 'gestora@a.example.com', 'agency_manager')`,
  );
  await database.owner.execute(sql`update profiles set agency_id = ${agencyA} where id = ${managerA}`);
  await database.owner.insert(customers).values([
    { agencyId: agencyA, name: "cliente A", status: "ativo" },
    { agencyId: agencyB, name: "cliente B", status: "ativo" },
  ]);
});
afterAll(async () => {
  if (database !== base) await database.close();
  await base.close();
});

let managerA: string;

const contextOf = (agencyId: string | null, isSuperAdmin = false): TenantContext => ({
  userId: agencyId === agencyA ? managerA : null,
  agencyId,
  isSuperAdmin,
});
const inA = <T>(fn: (tx: Tx) => Promise<T>, options: TenantOptions = {}) =>
  withTenant(database, contextOf(agencyA), fn, options);

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

const SETTINGS = sql`select current_user as role, nullif(current_setting('app.agency_id', true), '') as agency,
  current_setting('transaction_read_only') as "readOnly", current_setting('statement_timeout') as timeout`;
type Settings = { role: string; agency: string | null; readOnly: string; timeout: string };

/** What the owner connection sees after tenant work: the connecting role, no context, read-write, no time limit. */
async function ownerSettings(): Promise<Settings> {
  const [row] = await queryRows<Settings>(database.owner, SETTINGS);
  return row as Settings;
}
const CLEAN = { role: "postgres", agency: null, readOnly: "off", timeout: "0" };

const names = (tx: Tx) => queryRows<{ name: string }>(tx, sql`select name from customers order by name`);

describe("withTenant sets the tenant context", () => {
  it.each([false, true])("as the application role with the agency's context (read only: %s)", async (readOnly) => {
    const settings = await inA((tx) => queryRows<Settings>(tx, SETTINGS), { readOnly });
    expect(settings).toEqual([{ role: "nexo_app", agency: agencyA, readOnly: readOnly ? "on" : "off", timeout: "0" }]);
  });

  it("so row-level security shows only the agency's rows, statement after statement", async () => {
    const rows = await inA(async (tx) => [
      ...(await tx.select({ name: customers.name }).from(customers)),
      ...(await names(tx)),
    ]);
    expect(rows.map((row) => row.name)).toEqual(["cliente A", "cliente A"]);
  });

  it("and a super admin's context sees every agency", async () => {
    const rows = await withTenant(database, contextOf(null, true), names);
    expect(rows.map((row) => row.name)).toEqual(["cliente A", "cliente B"]);
  });

  it("with a statement time limit for that transaction only", async () => {
    const [row] = await inA((tx) => queryRows<Settings>(tx, SETTINGS), { readOnly: true, statementTimeoutMs: 1234 });
    expect(row?.timeout).toBe("1234ms");
    expect(await ownerSettings()).toEqual(CLEAN);
  });

  it("and leaves nothing behind on the connection", async () => {
    await inA(names);
    await inA(names, { readOnly: true });
    expect(await ownerSettings()).toEqual(CLEAN);
  });
});

describe("read-only work", () => {
  it("refuses every write, and nothing is written", async () => {
    const write = (tx: Tx) => tx.insert(customers).values({ agencyId: agencyA, name: "escrito num GET" });
    expect(await failureOf(inA(write, { readOnly: true }))).toMatch(/read-only transaction/);
    const stored = await queryRows<{ n: number }>(
      database.owner,
      sql`select count(*)::int as n from customers where name = 'escrito num GET'`,
    );
    expect(stored).toEqual([{ n: 0 }]);
    expect(await ownerSettings()).toEqual(CLEAN);
  });

  it("refuses a write sent as a one-statement read", async () => {
    const insert = {
      name: "nexo_test_insert",
      text: "insert into customers (agency_id, name, status) values ($1, $2, 'ativo') returning id",
    };
    expect(await failureOf(readTenantRows(database, contextOf(agencyA), insert, [agencyA, "escrito num GET"]))).toMatch(
      /read-only transaction/,
    );
  });
});

describe("a transaction that fails", () => {
  it("rolls back every statement it ran, and the connection serves the next one clean", async () => {
    const failure = await failureOf(
      inA(async (tx) => {
        await tx.insert(customers).values({ agencyId: agencyA, name: "desfeito" });
        await tx.execute(sql`select 1 / 0`);
      }),
    );
    expect(failure).toMatch(/division by zero/);
    const stored = await queryRows<{ n: number }>(
      database.owner,
      sql`select count(*)::int as n from customers where name = 'desfeito'`,
    );
    expect(stored).toEqual([{ n: 0 }]);
    expect(await ownerSettings()).toEqual(CLEAN);
  });

  it("rolls back when the caller's own code throws", async () => {
    await expect(
      inA(async (tx) => {
        await tx.insert(customers).values({ agencyId: agencyA, name: "desfeito 2" });
        throw new Error("falha do chamador");
      }),
    ).rejects.toThrow("falha do chamador");
    expect((await names(database.owner)).map((row) => row.name)).not.toContain("desfeito 2");
  });
});

describe("prepared statements", () => {
  it("a drizzle prepared statement runs again in later transactions with its own parameters", async () => {
    const byName = (tx: Tx, name: string) =>
      tx
        .select({ name: customers.name })
        .from(customers)
        .where(sql`${customers.name} = ${sql.placeholder("name")}`)
        .prepare("database_layer_test_by_name")
        .execute({ name });
    expect(await inA((tx) => byName(tx, "cliente A"))).toEqual([{ name: "cliente A" }]);
    expect(await inA((tx) => byName(tx, "cliente B"), { readOnly: true })).toEqual([]);
    expect(await inA((tx) => byName(tx, "cliente A"), { readOnly: true })).toEqual([{ name: "cliente A" }]);
  });

  const perConnectionSkipped = skipUnlessDatabase(
    "postgres",
    "prepared once per connection: it reads the statements node-postgres names on a pool connection",
  );
  it.skipIf(perConnectionSkipped)("is parsed once per PostgreSQL connection (pg_prepared_statements)", async () => {
    const prepared = await inA(async (tx) => {
      await tx.select().from(customers).prepare("database_layer_test_once").execute();
      await tx.select().from(customers).prepare("database_layer_test_once").execute();
      return queryRows<{ name: string }>(
        tx,
        sql`select name from pg_prepared_statements where name = 'database_layer_test_once'`,
      );
    });
    expect(prepared).toEqual([{ name: "database_layer_test_once" }]);
  });
});

describe("one-statement tenant reads (readTenantRows)", () => {
  const NAMES = {
    name: "nexo_test_names",
    text: "select name, $2::int as n from customers where agency_id = $1 order by name",
  };

  it("run the statement in the tenant context, rows as arrays", async () => {
    expect(await readTenantRows(database, contextOf(agencyA), NAMES, [agencyA, 7])).toEqual([["cliente A", 7]]);
    // Row-level security, not only the filter: agency A's context asking for B's rows gets none.
    expect(await readTenantRows(database, contextOf(agencyA), NAMES, [agencyB, 7])).toEqual([]);
    expect(await ownerSettings()).toEqual(CLEAN);
  });

  it("prepare the statement once on the connection, and again after it was dropped behind their back", async () => {
    const preparedNames = async () =>
      (
        await queryRows<{ name: string }>(
          database.owner,
          sql`select name from pg_prepared_statements where name = 'nexo_test_names'`,
        )
      ).map((row) => row.name);
    await readTenantRows(database, contextOf(agencyA), NAMES, [agencyA, 1]);
    await readTenantRows(database, contextOf(agencyA), NAMES, [agencyA, 2]);
    expect(await preparedNames()).toEqual(["nexo_test_names"]);
    await database.owner.execute(sql`deallocate nexo_test_names`);
    expect(await readTenantRows(database, contextOf(agencyA), NAMES, [agencyA, 3])).toEqual([["cliente A", 3]]);
    expect(await preparedNames()).toEqual(["nexo_test_names"]);
  });

  it("refuse a statement name that is not one of ours", async () => {
    const bad = { name: "x; drop table customers", text: "select 1" };
    expect(await failureOf(readTenantRows(database, contextOf(agencyA), bad, []))).toMatch(/not a statement name/);
  });

  it("apply a statement time limit to that statement only", async () => {
    const timeout = { name: "nexo_test_timeout", text: "select current_setting('statement_timeout')" };
    expect(await readTenantRows(database, contextOf(agencyA), timeout, [], { statementTimeoutMs: 250 })).toEqual([
      ["250ms"],
    ]);
    expect(await ownerSettings()).toEqual(CLEAN);
  });
});

const ONE = { name: "nexo_test_one", text: "select 1" };

describe("the session proof (auth epoch)", () => {
  let epoch: string;
  beforeAll(async () => {
    const [row] = await queryRows<{ epoch: string }>(database.owner, sql`select value::text as epoch from auth_epoch`);
    epoch = (row as { epoch: string }).epoch;
  });
  const proofAt = (authEpoch: string, expiresAt = Date.now() + 60_000) => {
    const proof = { authEpoch, expiresAt, isProven: false, onProven: () => {} } as SessionProof & { isProven: boolean };
    proof.onProven = () => {
      proof.isProven = true;
    };
    return proof;
  };

  it("passes at the current epoch, and says so", async () => {
    const proof = proofAt(epoch);
    expect(await inA(names, { readOnly: true, sessionProof: proof })).toEqual([{ name: "cliente A" }]);
    expect(proof.isProven).toBe(true);
    const rowsProof = proofAt(epoch);
    await readTenantRows(database, contextOf(agencyA), ONE, [], { sessionProof: rowsProof });
    expect(rowsProof.isProven).toBe(true);
  });

  it.each([
    ["a moved epoch", () => proofAt(`${Number(epoch) + 1}`)],
    ["an expired session", () => proofAt(epoch, Date.now() - 1000)],
  ])("refuses %s before any statement of the work runs", async (_, proof) => {
    let ran = false;
    const refused = proof();
    const failure = await failureOf(
      inA(
        async (tx) => {
          ran = true;
          return names(tx);
        },
        { readOnly: true, sessionProof: refused },
      ),
    );
    expect(failure).toMatch(/a sessão mudou/);
    expect([ran, refused.isProven]).toEqual([false, false]);
    const rowsProof = proof();
    expect(await failureOf(readTenantRows(database, contextOf(agencyA), ONE, [], { sessionProof: rowsProof }))).toMatch(
      /a sessão mudou/,
    );
    expect(rowsProof.isProven).toBe(false);
    expect(await ownerSettings()).toEqual(CLEAN);
  });

  it.each([
    ["a moved epoch", () => proofAt(`${Number(epoch) + 1}`)],
    ["an expired session", () => proofAt(epoch, Date.now() - 1000)],
  ])(
    "refuses %s before a write runs, in a transaction or a one-statement write, and nothing is written",
    async (_, proof) => {
      const written = "escrito com sessão velha";
      const refused = proof();
      const insert = (tx: Tx) => tx.insert(customers).values({ agencyId: agencyA, name: written });
      expect(await failureOf(inA(insert, { sessionProof: refused }))).toMatch(/a sessão mudou/);
      const statement = {
        name: "nexo_test_insert_proven",
        text: "insert into customers (agency_id, name, status) values ($1, $2, 'ativo') returning id",
      };
      const rowsProof = proof();
      const oneStatement = writeTenantRows(database, contextOf(agencyA), statement, [agencyA, written], {
        sessionProof: rowsProof,
      });
      expect(await failureOf(oneStatement)).toMatch(/a sessão mudou/);
      expect([refused.isProven, rowsProof.isProven]).toEqual([false, false]);
      const stored = await queryRows<{ n: number }>(
        database.owner,
        sql`select count(*)::int as n from customers where name = ${written}`,
      );
      expect(stored).toEqual([{ n: 0 }]);
      expect(await ownerSettings()).toEqual(CLEAN);
    },
  );

  it("counts a one-statement write the server refused after its context as proven (its refusal is the answer)", async () => {
    const proof = proofAt(epoch);
    const divide = { name: "nexo_test_divide_by_zero", text: "select 1 / 0" };
    const failure = await failureOf(writeTenantRows(database, contextOf(agencyA), divide, [], { sessionProof: proof }));
    expect(failure).toMatch(/division by zero/);
    expect(proof.isProven).toBe(true);
  });

  it("lets a write through at the current epoch, as the application role, and says so", async () => {
    const proof = proofAt(epoch);
    const settings = await inA((tx) => queryRows<Settings>(tx, SETTINGS), { sessionProof: proof });
    expect(settings).toEqual([{ role: "nexo_app", agency: agencyA, readOnly: "off", timeout: "0" }]);
    expect(proof.isProven).toBe(true);
    const rowsProof = proofAt(epoch);
    await writeTenantRows(database, contextOf(agencyA), ONE, [], { sessionProof: rowsProof });
    expect(rowsProof.isProven).toBe(true);
  });

  it("moves the epoch once per transaction that writes what sessions are built from, at commit", async () => {
    const read = async () =>
      (await queryRows<{ epoch: string }>(database.owner, sql`select value::text as epoch from auth_epoch`))[0]?.epoch;
    const before = await read();
    await database.owner.transaction(async (tx) => {
      await createAgency(tx, { name: "Epoch 1" });
      await createAgency(tx, { name: "Epoch 2" });
    });
    expect(await read()).toBe(String(Number(before) + 1));
  });
});

describe("sqlLiteral", () => {
  it("quotes text (quotes and backslashes), keeps numbers, booleans and NULL", () => {
    expect(["it's", "a\\b", 12, true, null].map((value) => sqlLiteral(value))).toEqual([
      "'it''s'",
      String.raw` E'a\\b'`,
      "12",
      "true",
      "NULL",
    ]);
  });

  it("refuses a number that is not finite", () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow(/finite/);
  });
});
