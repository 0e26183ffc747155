import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#server/db/client.ts";
import {
  EXCLUDED_SCHEMAS,
  EXCLUDED_TABLES,
  MEMBER_TABLES,
  PLATFORM_TABLES,
} from "#server/features/data-export/backup-coverage.ts";
import {
  REDACTED_COLUMNS,
  SECRET_LIKE_COLUMN,
  SECRET_LOOKALIKES,
} from "#server/features/data-export/backup-redactions.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createCompany } from "#tests/factories/finance.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// A backup that leaves a table out is a backup of part of the data, and nobody notices until the
// restore. These tests read the database catalog, so a migration that adds a table holding agency
// data fails here until the backup holds it or EXCLUDED_TABLES says why not; and a column that looks
// like a secret fails until it is redacted or allowed with a reason (backup-redactions.ts).

type Row = Record<string, unknown>;

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;
let agencyId: string;
let agencyBackup: Record<string, unknown>;
let agencyText: string;
let platformBackup: Record<string, unknown>;

/** A value planted in every secret column: the backup must not hold it anywhere. */
const SECRET = "segredo-do-backup";

async function plantSecrets(memberId: string) {
  const db = t.database.owner;
  const company = await createCompany(db, { agencyId, name: "Cliente Segredo" });
  await db.execute(sql`insert into agency_invites (agency_id, email, token, expires_at)
    values (${agencyId}, 'convidado@segredo.com.br', ${`${SECRET}-convite`}, now() + interval '1 day')`);
  await db.execute(sql`insert into api_keys (agency_id, name, role, key_prefix, key_hash)
    values (${agencyId}, 'Integração', 'user', 'nx_abcd', ${`${SECRET}-chave`})`);
  await db.execute(sql`insert into webhooks (agency_id, url, events, secret)
    values (${agencyId}, 'https://hooks.example.com/nexo', array['contact.created'], ${`${SECRET}-webhook`})`);
  await db.execute(sql`insert into quotes (agency_id, company_id, title, issue_date, valid_until,
      subtotal_cents, total_cents, amount_due_cents, public_token, token_expires_at)
    values (${agencyId}, ${company.id}, 'Proposta', current_date, current_date + 30, 100, 100, 100,
      ${`${SECRET}-orcamento`}, now() + interval '30 days')`);
  await db.execute(sql`insert into calendar_feeds (agency_id, user_id, token_hash)
    values (${agencyId}, ${memberId}, ${`${SECRET}-agenda`})`);
}

async function download(path: string) {
  const response = await t.request(path, { cookie: admin.cookie });
  expect(response.status, path).toBe(200);
  return response.text();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "raiz@nexo.example.com", "super_admin");
  agencyId = (await createAgency(t.database.owner, { name: "Cofre" })).id;
  const member = await signedInAs(t, "gestora@cofre.com.br", "agency_manager", agencyId);
  await plantSecrets(member.id);
  agencyText = await download(`/api/admin/export/agencies/${agencyId}`);
  agencyBackup = JSON.parse(agencyText);
  platformBackup = JSON.parse(await download("/api/admin/export/platform"));
});
afterAll(() => t.close());

/** The tables a backup holds: its keys whose values are arrays of rows. */
const tablesIn = (backup: Record<string, unknown>) =>
  Object.keys(backup)
    .filter((key) => Array.isArray(backup[key]))
    .sort();

/** Every ordinary table of the database outside PostgreSQL's own schemas, from the catalog. */
const catalogTables = () =>
  queryRows<{ schema: string; name: string }>(
    t.database.owner,
    sql`select table_schema as schema, table_name as name from information_schema.tables
         where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
         order by 1, 2`,
  );

const publicColumns = () =>
  queryRows<{ table: string; column: string }>(
    t.database.owner,
    sql`select table_name as table, column_name as column from information_schema.columns
         where table_schema = 'public' order by table_name, ordinal_position`,
  );

describe("backup coverage, read from the catalog", () => {
  it("an agency's backup holds every table with agency_id and every member table, but the excluded ones", async () => {
    const columns = await publicColumns();
    const withAgencyId = columns.filter((c) => c.column === "agency_id").map((c) => c.table);
    const expected = [...withAgencyId, ...Object.keys(MEMBER_TABLES)].filter((table) => !(table in EXCLUDED_TABLES));
    expect(tablesIn(agencyBackup)).toEqual([...new Set(expected)].sort());
  });

  it("the platform's backup holds the same tables and the platform tables", () => {
    expect(tablesIn(platformBackup)).toEqual([...tablesIn(agencyBackup), ...PLATFORM_TABLES].sort());
  });

  it("every table of the database is in a backup or excluded with a reason, and every exclusion is a real table", async () => {
    const tables = await catalogTables();
    const inBackup = new Set(tablesIn(platformBackup));
    const unplaced = tables.filter(({ schema, name }) =>
      schema === "public" ? !inBackup.has(name) && !(name in EXCLUDED_TABLES) : !(schema in EXCLUDED_SCHEMAS),
    );
    expect(unplaced, "a table in no backup: add it to a backup or to EXCLUDED_TABLES with why").toEqual([]);
    const publicTables = new Set(tables.filter((t) => t.schema === "public").map((t) => t.name));
    for (const [table, reason] of Object.entries(EXCLUDED_TABLES)) {
      expect(publicTables.has(table), `EXCLUDED_TABLES names ${table}, which does not exist`).toBe(true);
      expect(inBackup.has(table), `${table} is excluded and in the backup`).toBe(false);
      expect(reason.length, table).toBeGreaterThan(10);
    }
  });

  it("every column that looks like a secret is left out or allowed with a reason", async () => {
    const inBackup = new Set(tablesIn(platformBackup));
    const columns = (await publicColumns()).filter((c) => inBackup.has(c.table)).map((c) => `${c.table}.${c.column}`);
    const undecided = columns.filter(
      (name) =>
        SECRET_LIKE_COLUMN.test(name.split(".")[1]) && !(name in REDACTED_COLUMNS) && !(name in SECRET_LOOKALIKES),
    );
    expect(undecided, "redact it in REDACTED_COLUMNS or say why it is no secret in SECRET_LOOKALIKES").toEqual([]);
    for (const name of [...Object.keys(REDACTED_COLUMNS), ...Object.keys(SECRET_LOOKALIKES)]) {
      expect(columns, `${name} is listed but is no column of a backed-up table`).toContain(name);
    }
  });

  it("holds the rows of tables with secrets without their secret columns, and no planted secret anywhere", () => {
    for (const name of Object.keys(REDACTED_COLUMNS)) {
      const [table, column] = name.split(".");
      const rows = agencyBackup[table] as Row[];
      expect(rows.length, table).toBeGreaterThan(0);
      for (const row of rows) expect(Object.keys(row), table).not.toContain(column);
    }
    expect(agencyText).not.toContain(SECRET);
    expect(agencyBackup.calendar_feeds).toBeUndefined();
  });
});
