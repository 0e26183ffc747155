import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#server/db/client.ts";
import { withTenant } from "#server/db/tenant.ts";
import { BACKUP_FORMAT_VERSION, writeAgencyBackup } from "#server/features/data-export/write-backup.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { createAgencyWithData } from "./agency-with-data.ts";

type Row = Record<string, unknown>;
type Backup = Record<string, unknown> & { agency: Row };

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;
let aurora: Awaited<ReturnType<typeof createAgencyWithData>>;
let boreal: Awaited<ReturnType<typeof createAgencyWithData>>;
/** Statements sent while `isCounting`: the page reads of one download. */
const statements: string[] = [];
let isCounting = false;
const now = new Date();

beforeAll(async () => {
  t = await createTestApp({
    onQuery: (text) => {
      if (isCounting) statements.push(text);
    },
  });
  admin = await signedInAs(t, "raiz@nexo.example.com", "super_admin");
  aurora = await createAgencyWithData(t, "Aurora", now);
  boreal = await createAgencyWithData(t, "Boreal", now);
}, 120_000);
afterAll(() => t.close());

async function download(path: string) {
  const response = await t.request(path, { cookie: admin.cookie });
  const text = await response.text();
  return { response, text, data: (response.status === 200 ? JSON.parse(text) : null) as Backup };
}

const tablesOf = (backup: Backup) =>
  Object.entries(backup).filter((entry): entry is [string, Row[]] => Array.isArray(entry[1]));

const countOf = async (table: string, agencyId: string) => {
  const [row] = await queryRows<{ count: number }>(
    t.database.owner,
    sql`select count(*)::int as count from ${sql.identifier(table)} where agency_id = ${agencyId}`,
  );
  return row.count;
};

const exportAudits = () =>
  queryRows<{
    user_id: string;
    agency_id: string | null;
    resource_type: string;
    resource_id: string | null;
    details: Row;
  }>(
    t.database.owner,
    sql`select user_id, agency_id, resource_type, resource_id, details from audit_logs
         where action = 'export_backup' order by created_at`,
  );

/** CRM, delivery and finance tables both agencies have rows in: the isolation check is not vacuous. */
const SEEDED_TABLES = [
  "companies",
  "customers",
  "leads",
  "pipelines",
  "timeline_events",
  "projects",
  "tasks",
  "task_assignees",
  "time_entries",
  "meetings",
  "quotes",
  "invoices",
  "invoice_items",
  "payments",
  "expenses",
];

describe("an agency's backup", () => {
  it("is a JSON attachment that is not cached: exportedAt, formatVersion, the agency, then one array per table", async () => {
    const { response, data, text } = await download(`/api/admin/export/agencies/${aurora.agency.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="nexo-backup-aurora-${now.toISOString().slice(0, 10)}.json"`,
    );
    expect(Object.keys(data).slice(0, 3)).toEqual(["exportedAt", "formatVersion", "agency"]);
    expect(data.formatVersion).toBe(BACKUP_FORMAT_VERSION);
    expect(data.agency).toMatchObject({ id: aurora.agency.id, name: "Aurora" });
    expect(Object.keys(data).slice(3).length).toBeGreaterThan(30);
    expect(tablesOf(data).length).toBe(Object.keys(data).length - 3);
    // Dates as PostgreSQL's JSON writes them, in UTC whatever the server's time zone.
    expect((data.customers as Row[])[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);
    expect(text.endsWith("}\n")).toBe(true);
  });

  it("holds every row the agency has in CRM, delivery and finance tables, and no row of another agency", async () => {
    const { data, text } = await download(`/api/admin/export/agencies/${aurora.agency.id}`);
    expect(Object.keys(data)).toEqual(expect.arrayContaining([...SEEDED_TABLES, "user_roles"]));
    for (const table of SEEDED_TABLES) {
      expect(await countOf(table, aurora.agency.id), table).toBeGreaterThan(0);
      expect(await countOf(table, boreal.agency.id), table).toBeGreaterThan(0);
    }
    for (const [table, rows] of tablesOf(data)) {
      if (table === "user_roles") continue;
      expect(rows.length, table).toBe(await countOf(table, aurora.agency.id));
      expect(
        rows.filter((row) => row.agency_id !== aurora.agency.id),
        table,
      ).toEqual([]);
    }
    const memberIds = (data.profiles as Row[]).map((p) => p.id).sort();
    expect(memberIds).toEqual(aurora.members.map((m) => m.id).sort());
    expect((data.user_roles as Row[]).map((r) => r.user_id).sort()).toEqual(memberIds);
    // Boreal's rows by their ids: the demo data of both agencies has the same names.
    for (const table of SEEDED_TABLES.filter((name) => name !== "task_assignees")) {
      const ids = await queryRows<{ id: string }>(
        t.database.owner,
        sql`select id::text from ${sql.identifier(table)} where agency_id = ${boreal.agency.id}`,
      );
      expect(
        ids.filter(({ id }) => text.includes(id)),
        table,
      ).toEqual([]);
    }
    for (const member of boreal.members) expect(text).not.toContain(member.id);
  });

  it("reads a large table once, in pages of 2,000 rows, and holds each row once", async () => {
    await t.database.owner.execute(
      sql`insert into customers (agency_id, name, created_at)
          select ${aurora.agency.id}, 'Contato ' || g, now() from generate_series(1, 4500) g`,
    );
    const expected = await countOf("customers", aurora.agency.id);
    isCounting = true;
    const { data } = await download(`/api/admin/export/agencies/${aurora.agency.id}`);
    isCounting = false;
    const ids = (data.customers as Row[]).map((row) => row.id);
    expect(ids.length).toBe(expected);
    expect(new Set(ids).size).toBe(expected);
    const declared = statements.findIndex((text) =>
      /^declare[\s\S]*row_to_json\(r\)[\s\S]*from "customers"/.test(text),
    );
    expect(declared).toBeGreaterThan(-1);
    const afterIt = statements.slice(declared + 1);
    const fetches = afterIt.slice(
      0,
      afterIt.findIndex((text) => text.startsWith("close")),
    );
    expect(fetches.length).toBe(Math.floor(expected / 2000) + 1);
    expect(fetches.every((text) => text === 'fetch forward 2000 from "backup_rows"')).toBe(true);
  });

  it("is the same file whatever the page size, for keys of one column or several", async () => {
    const context = { userId: admin.id, agencyId: null, isSuperAdmin: true };
    const backupIn = (pageRows?: number) =>
      withTenant(
        t.database,
        context,
        async (tx) => {
          let text = "";
          await writeAgencyBackup(
            tx,
            boreal.agency.id,
            now,
            async (piece) => {
              text += piece;
            },
            { pageRows },
          );
          return text;
        },
        { readOnly: true, repeatableRead: true },
      );
    const whole = await backupIn(100_000);
    const paged = await backupIn(3);
    expect(paged).toBe(whole);
    const data = JSON.parse(whole) as Backup;
    for (const table of ["meeting_attendees", "project_members"]) {
      expect((data[table] as Row[]).length, table).toBeGreaterThan(3);
    }
  }, 60_000);

  it("is written to the agency's audit log before it is sent, and an unknown agency is 404 with no row", async () => {
    await t.database.owner.execute(sql`delete from audit_logs where action = 'export_backup'`);
    const unknown = await download("/api/admin/export/agencies/00000000-0000-4000-8000-000000000000");
    expect(unknown.response.status).toBe(404);
    expect(await exportAudits()).toEqual([]);

    await download(`/api/admin/export/agencies/${boreal.agency.id}`);
    expect(await exportAudits()).toEqual([
      {
        user_id: admin.id,
        agency_id: boreal.agency.id,
        resource_type: "agencies",
        resource_id: boreal.agency.id,
        details: { name: "Boreal" },
      },
    ]);
  });
});

describe("the platform backup", () => {
  it("holds the platform tables and every agency's rows, and is written to the platform's audit log", async () => {
    await t.database.owner.execute(sql`delete from audit_logs where action = 'export_backup'`);
    const { response, data } = await download("/api/admin/export/platform");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="nexo-backup-plataforma-/);
    expect(Object.keys(data).slice(0, 2)).toEqual(["exportedAt", "formatVersion"]);
    expect((data.agencies as Row[]).map((a) => a.name).sort()).toEqual(["Aurora", "Boreal"]);
    expect((data.role_permissions as Row[]).length).toBeGreaterThan(0);
    expect((data.profiles as Row[]).map((p) => p.id)).toContain(admin.id);
    for (const table of SEEDED_TABLES) {
      const [{ count }] = await queryRows<{ count: number }>(
        t.database.owner,
        sql`select count(*)::int as count from ${sql.identifier(table)}`,
      );
      expect((data[table] as Row[]).length, table).toBe(count);
    }
    expect(await exportAudits()).toEqual([
      { user_id: admin.id, agency_id: null, resource_type: "platform", resource_id: null, details: { agencies: 2 } },
    ]);
  });
});
