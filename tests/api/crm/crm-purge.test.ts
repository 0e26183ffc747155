import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Company, Contact, Deal } from "#domain/schemas/crm.ts";
import { queryRows } from "#server/db/client.ts";
import { auditLogs } from "#server/db/schema.ts";
import { enqueueDueRecurringJobs, RECURRING_JOBS } from "#server/jobs/recurring-jobs.ts";
import { createJobQueue } from "#server/jobs/start-jobs.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency } from "./crm-fixtures.ts";

const DAY = 86_400_000;
const T0 = new Date("2026-10-01T12:00:00Z");
let clock = T0;
let t: TestApp;
let aurora: Awaited<ReturnType<typeof crmAgency>>;
let boreal: Awaited<ReturnType<typeof crmAgency>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ deps: { now: () => clock } });
  aurora = await crmAgency(t, "Aurora");
  boreal = await crmAgency(t, "Boreal");
  const call = api(t, aurora.manager);
  const contact = async (name: string, by = call) =>
    (await by<Contact>("/api/crm/contacts", "POST", { name, ignoreDuplicates: true })).body.id;
  const company = async (name: string) => (await call<Company>("/api/crm/companies", "POST", { name })).body.id;
  ids.old = await contact("Contato Antigo");
  ids.recent = await contact("Contato Recente");
  ids.borealOld = await contact("Contato da Boreal", api(t, boreal.manager));
  ids.plainCompany = await company("Empresa Sem Documentos");
  ids.quotedCompany = await company("Empresa Com Orçamento");
  ids.deal = (await call<Deal>("/api/crm/deals", "POST", { title: "Negócio Antigo", contactId: ids.old })).body.id;
  await call(`/api/crm/contacts/${ids.old}/activities`, "POST", { kind: "note", text: "Ligou pedindo proposta." });
  const task = await call<{ id: string }>(`/api/crm/contacts/${ids.old}/tasks`, "POST", { title: "Retornar" });
  ids.task = task.body.id;
  // A quote keeps its company: finance documents point at it without ON DELETE.
  await t.database.owner.execute(
    sql`INSERT INTO quotes (agency_id, company_id, title, issue_date, valid_until, subtotal_cents, total_cents, amount_due_cents)
        VALUES (${aurora.agencyId}, ${ids.quotedCompany}, 'Orçamento', '2026-09-01', '2026-09-30', 100, 100, 100)`,
  );

  // Deleted at T0 (past the undo by T0 + 31 days), one contact only at T0 + 25 days.
  for (const path of [
    `/api/crm/contacts/${ids.old}`,
    `/api/crm/companies/${ids.plainCompany}`,
    `/api/crm/companies/${ids.quotedCompany}`,
    `/api/crm/deals/${ids.deal}`,
  ])
    expect((await call(path, "DELETE")).status).toBe(200);
  expect((await api(t, boreal.manager)(`/api/crm/contacts/${ids.borealOld}`, "DELETE")).status).toBe(200);
  clock = new Date(T0.getTime() + 25 * DAY);
  expect((await call(`/api/crm/contacts/${ids.recent}`, "DELETE")).status).toBe(200);
});
afterAll(() => t.close());

const PURGE_JOB = RECURRING_JOBS.filter((job) => job.name === "purge_deleted_crm_records");

async function runPurge(at: Date) {
  clock = at;
  expect(await enqueueDueRecurringJobs(t.deps, at, PURGE_JOB)).toBe(1);
  await createJobQueue(t.deps).drain();
}

const exists = async (table: string, id: string) =>
  (await queryRows(t.database.owner, sql`SELECT 1 FROM ${sql.raw(table)} WHERE id = ${id}`)).length === 1;

describe("purge of CRM records past the 30-day undo", () => {
  it("is scheduled hourly", () => {
    expect(PURGE_JOB).toEqual([{ name: "purge_deleted_crm_records", every: { minutes: 60 }, catchUp: 1 }]);
  });

  it("keeps everything within the 30 days", async () => {
    await runPurge(new Date(T0.getTime() + 29 * DAY));
    for (const [table, id] of [
      ["customers", ids.old],
      ["customers", ids.borealOld],
      ["companies", ids.plainCompany],
      ["leads", ids.deal],
    ])
      expect(await exists(table, id), `${table} ${id}`).toBe(true);
  });

  it("removes what passed 30 days with its timeline, unlinks its tasks, and audits each agency", async () => {
    await runPurge(new Date(T0.getTime() + 31 * DAY));
    expect(await exists("customers", ids.old)).toBe(false);
    expect(await exists("customers", ids.borealOld)).toBe(false);
    expect(await exists("companies", ids.plainCompany)).toBe(false);
    expect(await exists("leads", ids.deal)).toBe(false);
    // Deleted 6 days ago: still restorable.
    expect(await exists("customers", ids.recent)).toBe(true);
    // A company a quote points at stays (and the run did not fail on it).
    expect(await exists("companies", ids.quotedCompany)).toBe(true);

    const timeline = await queryRows(
      t.database.owner,
      sql`SELECT 1 FROM timeline_events WHERE record_id IN (${ids.old}, ${ids.plainCompany}, ${ids.deal})`,
    );
    expect(timeline).toEqual([]);
    const [task] = await queryRows<{ record_id: string | null }>(
      t.database.owner,
      sql`SELECT record_id FROM tasks WHERE id = ${ids.task}`,
    );
    expect(task).toEqual({ record_id: null });

    const audits = async (agencyId: string) =>
      (
        await t.database.owner
          .select({ details: auditLogs.details })
          .from(auditLogs)
          .where(and(eq(auditLogs.agencyId, agencyId), eq(auditLogs.resourceType, "crm_purge")))
      ).map((row) => row.details);
    expect(await audits(aurora.agencyId)).toEqual([{ contacts: 1, companies: 1, deals: 1, undoDays: 30 }]);
    expect(await audits(boreal.agencyId)).toEqual([{ contacts: 1, companies: 0, deals: 0, undoDays: 30 }]);
  });

  it("leaves the contact still in its window restorable, and a purged one answers 404", async () => {
    const call = api(t, aurora.manager);
    expect((await call(`/api/crm/contacts/${ids.old}/restore`, "POST")).status).toBe(404);
    expect((await call(`/api/crm/contacts/${ids.recent}/restore`, "POST")).status).toBe(200);
  });
});
