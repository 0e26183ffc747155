import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTO_BACKUPS_KEPT } from "#domain/schemas/auto-backups.ts";
import { queryRows } from "#server/db/client.ts";
import { writeAutoBackup } from "#server/features/auto-backups/write-auto-backup.ts";
import type { JobQueue } from "#server/jobs/job-queue.ts";
import { enqueueDueRecurringJobs, RECURRING_JOBS } from "#server/jobs/recurring-jobs.ts";
import { createJobQueue } from "#server/jobs/start-jobs.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createAgencyWithData } from "../data-export/agency-with-data.ts";
import { type BackupTestApp, backupRowsOf, createBackupTestApp, openBackup, setSetting } from "./backup-test-app.ts";

const DAY_MS = 86_400_000;
let clock = new Date("2026-12-07T03:00:05.000Z");
let t: BackupTestApp;
let queue: JobQueue;
let aurora: Awaited<ReturnType<typeof createAgencyWithData>>;
let boreal: Awaited<ReturnType<typeof createAgencyWithData>>;
let switchedOff: string;
let inactive: string;

const schedule = RECURRING_JOBS.filter((job) => job.name === "schedule_auto_backups");

/** The hourly tick at the test clock, then every job it queued. */
async function runSchedule(): Promise<void> {
  expect(await enqueueDueRecurringJobs(t.deps, clock, schedule)).toBe(1);
  await queue.drain();
}

const advanceDays = (days: number) => {
  clock = new Date(clock.getTime() + days * DAY_MS);
};

const countOf = async (table: string, agencyId: string) => {
  const [row] = await queryRows<{ count: number }>(
    t.database.owner,
    sql`select count(*)::int as count from ${sql.identifier(table)} where agency_id = ${agencyId}`,
  );
  return row.count;
};

beforeAll(async () => {
  t = await createBackupTestApp(() => clock);
  queue = createJobQueue(t.deps);
  aurora = await createAgencyWithData(t, "Aurora", clock);
  boreal = await createAgencyWithData(t, "Boreal", clock);
  switchedOff = (await createAgency(t.database.owner, { name: "Desligada" })).id;
  await setSetting(t, switchedOff, "auto_backup", false);
  inactive = (await createAgency(t.database.owner, { name: "Inativa", subscriptionStatus: "inactive" })).id;
}, 120_000);
afterAll(async () => {
  await queue.stop();
  await t.close();
});

describe("the automatic backup job", () => {
  it("is declared hourly among the recurring jobs", () => {
    expect(schedule).toEqual([{ name: "schedule_auto_backups", every: { minutes: 60 }, catchUp: 1 }]);
  });

  it("backs up every agency with the setting on (the default) and none switched off or inactive", async () => {
    await runSchedule();
    for (const agencyId of [aurora.agency.id, boreal.agency.id]) {
      const rows = await backupRowsOf(t, agencyId);
      expect(rows).toHaveLength(1);
      expect(new Date(rows[0].created_at).getTime()).toBe(clock.getTime());
      expect(t.storedBackupFiles(agencyId)).toEqual([`${rows[0].id}.json.gz`]);
    }
    expect(await backupRowsOf(t, switchedOff)).toEqual([]);
    expect(await backupRowsOf(t, inactive)).toEqual([]);
    expect(t.storedBackupFiles(switchedOff)).toEqual([]);
  });

  it("stores a gzipped file holding the agency's rows and none of another agency's", async () => {
    const [row] = await backupRowsOf(t, aurora.agency.id);
    const file = await t.deps.storage.get(row.storage_key);
    expect(file?.size).toBe(row.size);
    const { data, text } = openBackup(file?.bytes ?? new Uint8Array());
    expect(data.agency.id).toBe(aurora.agency.id);
    for (const table of ["customers", "companies", "projects", "invoices", "expenses", "timeline_events"]) {
      const rows = data[table] as { agency_id: string }[];
      expect(rows.length, table).toBe(await countOf(table, aurora.agency.id));
      expect(rows.length, table).toBeGreaterThan(0);
      expect(
        rows.filter((r) => r.agency_id !== aurora.agency.id),
        table,
      ).toEqual([]);
    }
    expect(text).not.toContain(boreal.agency.id);
    for (const member of boreal.members) expect(text).not.toContain(member.id);
  });

  it("makes none before the agency's frequency has passed (weekly by default), then the next", async () => {
    await setSetting(t, boreal.agency.id, "backup_frequency", "daily");
    advanceDays(1);
    await runSchedule();
    expect(await backupRowsOf(t, aurora.agency.id)).toHaveLength(1);
    expect(await backupRowsOf(t, boreal.agency.id)).toHaveLength(2);
    advanceDays(6);
    await runSchedule();
    expect(await backupRowsOf(t, aurora.agency.id)).toHaveLength(2);
  });

  it("makes none once the agency switches it off, even long after", async () => {
    await setSetting(t, aurora.agency.id, "auto_backup", false);
    advanceDays(30);
    await runSchedule();
    expect(await backupRowsOf(t, aurora.agency.id)).toHaveLength(2);
    expect(await backupRowsOf(t, switchedOff)).toEqual([]);
  });

  it(`keeps the newest ${AUTO_BACKUPS_KEPT} of an agency and removes the older rows and files`, async () => {
    for (let day = 0; day < AUTO_BACKUPS_KEPT + 2; day += 1) {
      advanceDays(1);
      await runSchedule();
    }
    const rows = await backupRowsOf(t, boreal.agency.id);
    expect(rows).toHaveLength(AUTO_BACKUPS_KEPT);
    expect(new Date(rows[0].created_at).getTime()).toBe(clock.getTime());
    expect(t.storedBackupFiles(boreal.agency.id)).toEqual(rows.map((row) => `${row.id}.json.gz`).sort());
  });

  it("leaves neither a row nor a file when the backup's row cannot be written", async () => {
    const before = await backupRowsOf(t, boreal.agency.id);
    await t.database.owner.execute(sql`create function test_refuse_backup() returns trigger language plpgsql as $$
      begin raise exception 'gravação recusada'; end $$`);
    await t.database.owner.execute(
      sql`create trigger test_refuse_backup before insert on agency_backups for each row execute function test_refuse_backup()`,
    );
    try {
      await expect(writeAutoBackup(t.deps, boreal.agency.id, clock)).rejects.toThrow();
    } finally {
      await t.database.owner.execute(sql`drop trigger test_refuse_backup on agency_backups`);
      await t.database.owner.execute(sql`drop function test_refuse_backup()`);
    }
    expect(await backupRowsOf(t, boreal.agency.id)).toEqual(before);
    expect(t.storedBackupFiles(boreal.agency.id)).toEqual(before.map((row) => `${row.id}.json.gz`).sort());
  });

  it("stops reading and leaves neither a row nor a file when the storage fails midway", async () => {
    const before = await backupRowsOf(t, boreal.agency.id);
    let taken = 0;
    const failingStorage = {
      ...t.deps.storage,
      async putStream(_key: string, source: AsyncIterable<Uint8Array>) {
        for await (const piece of source) {
          taken += piece.byteLength;
          throw new Error("disco cheio");
        }
        return 0;
      },
    };
    await expect(writeAutoBackup({ ...t.deps, storage: failingStorage }, boreal.agency.id, clock)).rejects.toThrow(
      "disco cheio",
    );
    expect(taken).toBeGreaterThan(0);
    expect(await backupRowsOf(t, boreal.agency.id)).toEqual(before);
    expect(t.storedBackupFiles(boreal.agency.id)).toEqual(before.map((row) => `${row.id}.json.gz`).sort());
    // Its transaction ended: the next backup of the agency is written whole.
    const next = await writeAutoBackup(t.deps, boreal.agency.id, clock);
    expect(t.storedBackupFiles(boreal.agency.id)).toContain(`${next.id}.json.gz`);
  });

  it("writes nothing for an agency that no longer exists", async () => {
    const gone = crypto.randomUUID();
    await expect(writeAutoBackup(t.deps, gone, clock)).rejects.toThrow();
    expect(t.storedBackupFiles(gone)).toEqual([]);
  });
});
