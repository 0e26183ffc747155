import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, dateInZone } from "#domain/calendar-date.ts";
import type { BillableProject, BillableTimePreview, InvoiceView } from "#domain/schemas/finance.ts";
import { FINANCE_MESSAGES } from "#domain/schemas/finance.ts";
import { queryRows } from "#server/db/client.ts";
import { countRows, deliveryFixture, json, send } from "#tests/api/delivery/delivery-fixture.ts";
import { createCompany } from "#tests/factories/finance.ts";

let f: Awaited<ReturnType<typeof deliveryFixture>>;
let companyId: string;
beforeAll(async () => {
  f = await deliveryFixture();
  companyId = (await createCompany(f.t.database.owner, { agencyId: f.aurora, name: "Café Serra Azul" })).id;
});
afterAll(() => f.t.close());

const HOUR = 3_600_000;
const call = (cookie: string, path: string, body?: unknown) => send(f.t, cookie, path, body);
const errorOf = async (response: Response) => ({
  status: response.status,
  message: ((await response.json()) as { error: { message: string } }).error.message,
});
// Due a month from today (in the agency's zone): an invoice past its due date reads "vencida".
const today = dateInZone(new Date(), "America/Sao_Paulo");
const dates = { issueDate: today, dueDate: addDays(today, 30) };

/** How many projects with hours were made: each gets its own day, as one person's hours may not overlap. */
let projectsWithHours = 0;

/** A project of the client with approved hours: 1 h 30 on a task and 30 min without one, at R$ 150/h. */
async function projectWithApprovedHours(cookie: string, withClient = true) {
  const project = await json<{ id: string }>(
    await call(cookie, "/api/projects", {
      name: `Campanha ${crypto.randomUUID().slice(0, 6)}`,
      hourlyRateCents: 15_000,
      ...(withClient ? { companyId } : {}),
    }),
    201,
  );
  const task = await json<{ id: string }>(
    await call(cookie, "/api/tasks", { projectId: project.id, title: "Criação de posts" }),
    201,
  );
  const start = new Date("2026-11-03T13:00:00Z").getTime() + projectsWithHours++ * 24 * HOUR;
  const entries = [
    { taskId: task.id, startedAt: new Date(start).toISOString(), durationMinutes: 90 },
    { startedAt: new Date(start + 3 * HOUR).toISOString(), durationMinutes: 30 },
  ];
  const ids: string[] = [];
  for (const entry of entries) {
    ids.push(
      (await json<{ id: string }>(await call(cookie, "/api/time/entries", { projectId: project.id, ...entry }), 201))
        .id,
    );
  }
  await json(await call(cookie, "/api/time/entries/approve", { entryIds: ids }));
  return { projectId: project.id, entryIds: ids };
}

describe("an invoice from a project's approved hours", () => {
  it("previews one line per task and rate, issues it, marks the hours invoiced and takes them once", async () => {
    const { manager } = f.people;
    const { projectId, entryIds } = await projectWithApprovedHours(manager.cookie);
    const { projects } = await json<{ projects: BillableProject[] }>(
      await call(manager.cookie, "/api/finance/billable-time"),
    );
    expect(projects.find((p) => p.projectId === projectId)).toMatchObject({ companyId, entries: 2, minutes: 120 });

    const preview = await json<BillableTimePreview>(
      await call(manager.cookie, `/api/finance/billable-time/${projectId}`),
    );
    expect(preview.lines).toEqual([
      {
        service: "Criação de posts",
        description: "1 lançamento em 03/11/2026",
        quantity: 1.5,
        unitPriceCents: 15_000,
        totalCents: 22_500,
      },
      {
        service: "Horas do projeto",
        description: "1 lançamento em 03/11/2026",
        quantity: 0.5,
        unitPriceCents: 15_000,
        totalCents: 7_500,
      },
    ]);
    expect(preview.subtotalCents).toBe(30_000);

    const stale = await call(manager.cookie, `/api/finance/billable-time/${projectId}/invoice`, {
      ...dates,
      expectedTotalCents: 29_999,
    });
    expect(await errorOf(stale)).toEqual({ status: 409, message: FINANCE_MESSAGES.billableTimeChanged });

    const created = await json<{ id: string; number: number }>(
      await call(manager.cookie, `/api/finance/billable-time/${projectId}/invoice`, {
        ...dates,
        issRateBp: 500,
        expectedTotalCents: 30_000,
      }),
      201,
    );
    const invoice = await json<InvoiceView>(await call(manager.cookie, `/api/finance/invoices/${created.id}`));
    expect(invoice).toMatchObject({ status: "emitida", source: "horas", totalCents: 30_000, issCents: 1_500 });
    expect(invoice.client.id).toBe(companyId);
    expect(invoice.items.map((item) => [item.service, item.quantity, item.totalCents])).toEqual([
      ["Criação de posts", 1.5, 22_500],
      ["Horas do projeto", 0.5, 7_500],
    ]);
    const marked = await queryRows<{ invoice_id: string }>(
      f.t.database.owner,
      sql`select invoice_id from time_entries where project_id = ${projectId} order by started_at`,
    );
    expect(marked.map((row) => row.invoice_id)).toEqual([created.id, created.id]);

    const again = await call(manager.cookie, `/api/finance/billable-time/${projectId}/invoice`, {
      ...dates,
      expectedTotalCents: 30_000,
    });
    expect(await errorOf(again)).toEqual({ status: 409, message: FINANCE_MESSAGES.noBillableTime });
    const after = await json<{ projects: BillableProject[] }>(await call(manager.cookie, "/api/finance/billable-time"));
    expect(after.projects.some((p) => p.projectId === projectId)).toBe(false);
    // Invoiced hours lock their period (delivery rule): they cannot be deleted any more.
    expect((await send(f.t, manager.cookie, `/api/time/entries/${entryIds[0]}`, undefined, "DELETE")).status).toBe(400);

    // Cancelling the invoice gives the hours back, for the invoice that replaces it.
    await json(
      await call(manager.cookie, `/api/finance/invoices/${created.id}/cancel`, { reason: "Valor-hora errado" }),
    );
    const back = await json<{ projects: BillableProject[] }>(await call(manager.cookie, "/api/finance/billable-time"));
    expect(back.projects.find((p) => p.projectId === projectId)).toMatchObject({ entries: 2 });
  });

  it("two invoices of the same hours at once: one is issued, the other refused, no number lost", async () => {
    const { manager } = f.people;
    const { projectId } = await projectWithApprovedHours(manager.cookie);
    const body = { ...dates, expectedTotalCents: 30_000 };
    const path = `/api/finance/billable-time/${projectId}/invoice`;
    const answers = await Promise.all([call(manager.cookie, path, body), call(manager.cookie, path, body)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const numbers = await queryRows<{ number: number }>(
      f.t.database.owner,
      sql`select number from invoices where agency_id = ${f.aurora} and number is not null order by number`,
    );
    expect(numbers.map((row) => row.number)).toEqual(numbers.map((_, index) => index + 1));
  });

  it("refuses a project without a client, another agency's project and a role without invoices", async () => {
    const { manager, outsider, designer } = f.people;
    const orphan = await projectWithApprovedHours(manager.cookie, false);
    const refused = await call(manager.cookie, `/api/finance/billable-time/${orphan.projectId}/invoice`, {
      ...dates,
      expectedTotalCents: 30_000,
    });
    expect(await errorOf(refused)).toEqual({ status: 409, message: FINANCE_MESSAGES.projectWithoutClient });

    const { projectId } = await projectWithApprovedHours(manager.cookie);
    const invoicesBefore = await countRows(f.t, sql`select 1 from invoices`);
    for (const path of [`/api/finance/billable-time/${projectId}`, `/api/finance/billable-time/${projectId}/invoice`]) {
      const body = path.endsWith("/invoice") ? { ...dates, expectedTotalCents: 30_000 } : undefined;
      expect(await errorOf(await call(outsider.cookie, path, body))).toEqual({
        status: 404,
        message: FINANCE_MESSAGES.projectNotFound,
      });
      expect((await call(designer.cookie, path, body)).status).toBe(403);
    }
    const outsiderList = await json<{ projects: BillableProject[] }>(
      await call(outsider.cookie, "/api/finance/billable-time"),
    );
    expect(outsiderList.projects).toEqual([]);
    expect(await countRows(f.t, sql`select 1 from invoices`)).toBe(invoicesBefore);

    const early = await call(manager.cookie, `/api/finance/billable-time/${projectId}/invoice`, {
      issueDate: "2026-11-25",
      dueDate: "2026-11-24",
      expectedTotalCents: 30_000,
    });
    expect(await errorOf(early)).toEqual({ status: 400, message: FINANCE_MESSAGES.dueBeforeIssue });
  });
});
