import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectDetail, ProjectsPage } from "#domain/schemas/projects.ts";
import type { Task, TaskBoardData } from "#domain/schemas/tasks.ts";
import type { HourlyRates, HoursReport, RunningTimer, Timesheet } from "#domain/schemas/time-entries.ts";
import type { CalendarItem } from "#domain/schemas/calendar.ts";
import { queryRows } from "#server/db/client.ts";
import { createLead } from "#tests/factories/crm.ts";
import { createCompany } from "#tests/factories/finance.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { countRows, deliveryFixture, json, send } from "./delivery-fixture.ts";

let t: TestApp;
let f: Awaited<ReturnType<typeof deliveryFixture>>;
beforeAll(async () => {
  f = await deliveryFixture();
  t = f.t;
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const newProject = async (cookie: string, body: Record<string, unknown> = {}) =>
  (await json<{ id: string }>(await send(t, cookie, "/api/projects", { name: "Site novo", ...body }), 201)).id;
const newTask = async (cookie: string, projectId: string, body: Record<string, unknown> = {}) =>
  (await json<{ id: string }>(await send(t, cookie, "/api/tasks", { projectId, title: "Tarefa", ...body }), 201)).id;
const notificationsOf = (userId: string) =>
  queryRows<{ kind: string; record_id: string }>(
    t.database.owner,
    sql`select kind, record_id from notifications where user_id = ${userId}`,
  );

describe("projects", () => {
  it("creates a project from a won deal in one click: client, value and owner carried over", async () => {
    const { manager, pm } = f.people;
    const deal = await createLead(t.database.owner, {
      agencyId: f.aurora,
      name: "Site institucional",
      company: "Padaria Pão Bom",
      stage: "fechados",
      outcome: "won",
      valueCents: 1250050,
      ownerId: pm.id,
    });
    const created = await json<{ id: string }>(
      await send(t, manager.cookie, "/api/projects/from-deal", { dealId: deal.id }),
      201,
    );
    const project = await json<ProjectDetail>(await send(t, manager.cookie, `/api/projects/${created.id}`));
    expect(project.company?.name).toBe("Padaria Pão Bom");
    expect(project.budgetCents).toBe(1250050);
    expect(project.owner?.id).toBe(pm.id);
    expect(project.dealId).toBe(deal.id);
    expect(project.status).toBe("planejamento");
    const again = await send(t, manager.cookie, "/api/projects/from-deal", { dealId: deal.id });
    expect(again.status).toBe(409);
    // Won is the CRM's outcome ("Marcar como ganha"), not the stage: a deal lost in "fechados" is refused.
    for (const notWon of [
      { name: "Aberto", stage: "proposta" },
      { name: "Perdido no fim", stage: "fechados", outcome: "lost" as const },
    ]) {
      const deal = await createLead(t.database.owner, { agencyId: f.aurora, ...notWon });
      const refused = await send(t, manager.cookie, "/api/projects/from-deal", { dealId: deal.id });
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.message).toBe("Só é possível criar um projeto a partir de um negócio ganho.");
    }
    const offered = await json<{ deals: { id: string }[] }>(await send(t, manager.cookie, "/api/projects/won-deals"));
    expect(offered.deals.map((d) => d.id)).not.toContain(deal.id);
  });

  it("lists projects with progress: done/total tasks and hours used", async () => {
    const { manager } = f.people;
    const projectId = await newProject(manager.cookie, { name: "Progresso", budgetHours: 10 });
    await newTask(manager.cookie, projectId, { status: "completed" });
    await newTask(manager.cookie, projectId);
    await json(
      await send(t, manager.cookie, "/api/time/entries", {
        projectId,
        startedAt: new Date(Date.now() - 3 * HOUR).toISOString(),
        durationMinutes: 90,
      }),
      201,
    );
    const page = await json<ProjectsPage>(await send(t, manager.cookie, "/api/projects?limit=100"));
    const row = page.projects.find((p) => p.id === projectId);
    expect(row).toMatchObject({ tasksDone: 1, tasksTotal: 2, minutesUsed: 90, budgetHours: 10 });
  });

  it("asks before deleting a project with time entries and keeps them in history", async () => {
    const { manager } = f.people;
    const projectId = await newProject(manager.cookie, { name: "Apagar" });
    await newTask(manager.cookie, projectId);
    await json(
      await send(t, manager.cookie, "/api/time/entries", {
        projectId,
        startedAt: new Date(Date.now() - 5 * HOUR).toISOString(),
        durationMinutes: 60,
      }),
      201,
    );
    const asked = await send(t, manager.cookie, `/api/projects/${projectId}`, undefined, "DELETE");
    expect(asked.status).toBe(409);
    expect((await asked.json()).error.message).toContain("Confirme a exclusão");
    await json(await send(t, manager.cookie, `/api/projects/${projectId}?confirm=true`, undefined, "DELETE"));
    expect((await send(t, manager.cookie, `/api/projects/${projectId}`)).status).toBe(404);
    expect(await countRows(t, sql`select 1 from time_entries where project_id = ${projectId}`)).toBe(1);
    expect(await countRows(t, sql`select 1 from tasks where project_id = ${projectId}`)).toBe(0);
  });

  it("saves a project as a template and starts a new one from it", async () => {
    const { manager } = f.people;
    const projectId = await newProject(manager.cookie, { name: "Lançamento de site" });
    await newTask(manager.cookie, projectId, { title: "Briefing" });
    await newTask(manager.cookie, projectId, { title: "Wireframes" });
    const template = await json<{ id: string }>(
      await send(t, manager.cookie, `/api/projects/${projectId}/template`, { name: "Lançamento de site" }),
      201,
    );
    const copy = await newProject(manager.cookie, { name: "Site Cliente B", templateId: template.id });
    const { tasks } = await json<{ tasks: Task[] }>(await send(t, manager.cookie, `/api/tasks?projectId=${copy}`));
    expect(tasks.map((task) => task.title).sort()).toEqual(["Briefing", "Wireframes"]);
  });
});

describe("tasks", () => {
  it("notifies assignees, never another agency's user", async () => {
    const { manager, designer, outsider } = f.people;
    const projectId = await newProject(manager.cookie);
    const taskId = await newTask(manager.cookie, projectId, { assigneeIds: [designer.id] });
    expect(await notificationsOf(designer.id)).toContainEqual({ kind: "task_assigned", record_id: taskId });
    const refused = await send(t, manager.cookie, "/api/tasks", { projectId, title: "x", assigneeIds: [outsider.id] });
    expect(refused.status).toBe(400);
    expect(await notificationsOf(outsider.id)).toEqual([]);
  });

  it("notifies @mentioned members and drops mentions of other agencies", async () => {
    const { manager, copywriter, outsider } = f.people;
    const projectId = await newProject(manager.cookie);
    const taskId = await newTask(manager.cookie, projectId);
    await json(
      await send(t, manager.cookie, `/api/tasks/${taskId}/comments`, {
        body: "@Copy pode revisar?",
        mentionIds: [copywriter.id, outsider.id],
      }),
      201,
    );
    expect(await notificationsOf(copywriter.id)).toContainEqual({ kind: "mentioned", record_id: taskId });
    expect(await notificationsOf(outsider.id)).toEqual([]);
    const { comments } = await json<{ comments: { mentions: string[] }[] }>(
      await send(t, manager.cookie, `/api/tasks/${taskId}/comments`),
    );
    expect(comments[0].mentions).toEqual([copywriter.id]);
  });

  it("moves cards on the board between neighbours without renumbering the others", async () => {
    const { manager } = f.people;
    const projectId = await newProject(manager.cookie);
    const a = await newTask(manager.cookie, projectId, { title: "A" });
    const b = await newTask(manager.cookie, projectId, { title: "B" });
    const c = await newTask(manager.cookie, projectId, { title: "C" });
    const before = await queryRows<{ id: string; position: string }>(
      t.database.owner,
      sql`select id, position from tasks where project_id = ${projectId}`,
    );
    await json(await send(t, manager.cookie, `/api/tasks/${c}/move`, { status: "pending", afterId: a, beforeId: b }));
    const after = await queryRows<{ id: string; position: string }>(
      t.database.owner,
      sql`select id, position from tasks where project_id = ${projectId}`,
    );
    for (const id of [a, b])
      expect(after.find((r) => r.id === id)?.position).toBe(before.find((r) => r.id === id)?.position);
    const { columns } = await json<TaskBoardData>(
      await send(t, manager.cookie, `/api/tasks/board?projectId=${projectId}`),
    );
    expect(columns[0].tasks.map((task) => task.title)).toEqual(["A", "C", "B"]);
    await json(
      await send(t, manager.cookie, `/api/tasks/${a}/move`, { status: "review", afterId: null, beforeId: null }),
    );
    const moved = await json<Task>(await send(t, manager.cookie, `/api/tasks/${a}`));
    expect(moved.status).toBe("review");
    const bad = await send(t, manager.cookie, `/api/tasks/${b}/move`, { status: "pending", afterId: b, beforeId: c });
    expect(bad.status).toBe(400);
  });

  it("lists each card of the board with what it waits for, and only its own", async () => {
    const { manager } = f.people;
    const projectId = await newProject(manager.cookie);
    const briefing = await newTask(manager.cookie, projectId, { title: "Briefing" });
    const layout = await newTask(manager.cookie, projectId, { title: "Layout" });
    const launch = await newTask(manager.cookie, projectId, { title: "Lançamento", dependsOnIds: [briefing, layout] });
    await newTask(manager.cookie, projectId, { title: "Revisão", dependsOnIds: [layout] });
    const { tasks } = await json<{ tasks: Task[] }>(await send(t, manager.cookie, `/api/tasks?projectId=${projectId}`));
    const waits = Object.fromEntries(tasks.map((task) => [task.title, [...task.dependsOnIds].sort()]));
    expect(waits).toEqual({
      Briefing: [],
      Layout: [],
      Lançamento: [briefing, layout].sort(),
      Revisão: [layout],
    });
    expect(tasks.find((task) => task.id === launch)?.dependsOn.map((d) => d.title)).toEqual(["Briefing", "Layout"]);
  });

  it("creates the next occurrence once when a recurring task is done", async () => {
    const { manager, designer } = f.people;
    const projectId = await newProject(manager.cookie);
    const due = "2026-01-31T12:00:00.000Z";
    const id = await newTask(manager.cookie, projectId, {
      title: "Relatório mensal",
      recurrence: "monthly",
      dueDate: due,
      assigneeIds: [designer.id],
    });
    await json(await send(t, manager.cookie, `/api/tasks/${id}`, { status: "completed" }, "PATCH"));
    await json(await send(t, manager.cookie, `/api/tasks/${id}`, { status: "pending" }, "PATCH"));
    await json(await send(t, manager.cookie, `/api/tasks/${id}`, { status: "completed" }, "PATCH"));
    const { tasks } = await json<{ tasks: Task[] }>(await send(t, manager.cookie, `/api/tasks?projectId=${projectId}`));
    const next = tasks.filter((task) => task.id !== id);
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({
      title: "Relatório mensal",
      status: "pending",
      dueDate: "2026-02-28T12:00:00.000Z",
    });
    expect(next[0].assignees.map((a) => a.id)).toEqual([designer.id]);
  });

  it("filters tasks by project, assignee, status, priority and due (overdue, this week, none)", async () => {
    const { manager, pm } = f.people;
    const projectId = await newProject(manager.cookie, { name: "Filtros" });
    const other = await newProject(manager.cookie, { name: "Outro" });
    const due = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
    await newTask(manager.cookie, projectId, { title: "F atrasada", dueDate: due(-2), priority: "alta" });
    await newTask(manager.cookie, projectId, { title: "F semana", dueDate: due(48), assigneeIds: [pm.id] });
    await newTask(manager.cookie, projectId, { title: "F sem prazo", status: "review", priority: "baixa" });
    await newTask(manager.cookie, other, { title: "F outro projeto", priority: "alta", dueDate: due(-3) });
    const titles = async (query: string) =>
      (await json<{ tasks: Task[] }>(await send(t, manager.cookie, `/api/tasks?${query}`))).tasks
        .map((task) => task.title)
        .filter((title) => title.startsWith("F "))
        .sort();
    expect(await titles(`projectId=${projectId}`)).toEqual(["F atrasada", "F sem prazo", "F semana"]);
    expect(await titles(`projectId=${projectId}&assigneeId=${pm.id}`)).toEqual(["F semana"]);
    expect(await titles(`projectId=${projectId}&status=review`)).toEqual(["F sem prazo"]);
    expect(await titles("priority=alta")).toEqual(["F atrasada", "F outro projeto"]);
    expect(await titles(`projectId=${projectId}&due=overdue`)).toEqual(["F atrasada"]);
    expect(await titles(`projectId=${projectId}&due=week`)).toEqual(["F semana"]);
    expect(await titles(`projectId=${projectId}&due=none`)).toEqual(["F sem prazo"]);
  });

  it("lists 'minhas tarefas' (open, assigned to me) and flags overdue ones", async () => {
    const { manager, copywriter } = f.people;
    const projectId = await newProject(manager.cookie);
    await newTask(manager.cookie, projectId, {
      title: "Atrasada",
      assigneeIds: [copywriter.id],
      dueDate: new Date(Date.now() - HOUR).toISOString(),
    });
    await newTask(manager.cookie, projectId, { title: "Feita", assigneeIds: [copywriter.id], status: "completed" });
    await newTask(manager.cookie, projectId, { title: "De outro" });
    const { tasks } = await json<{ tasks: Task[] }>(await send(t, copywriter.cookie, "/api/tasks?mine=true"));
    expect(tasks.map((task) => [task.title, task.isOverdue])).toEqual([["Atrasada", true]]);
  });
});

describe("time tracking", () => {
  it("keeps the timer on the server: start, read from another request, stop by starting another", async () => {
    const { manager } = f.people;
    const projectId = await newProject(manager.cookie);
    const first = await json<{ id: string }>(
      await send(t, manager.cookie, "/api/time/timer/start", { projectId }),
      201,
    );
    const running = await json<RunningTimer>(await send(t, manager.cookie, "/api/time/timer"));
    expect(running.timer?.id).toBe(first.id);
    const second = await json<{ id: string }>(
      await send(t, manager.cookie, "/api/time/timer/start", { projectId }),
      201,
    );
    const rows = await queryRows<{ id: string; ended_at: string | null }>(
      t.database.owner,
      sql`select id, ended_at from time_entries where user_id = ${manager.id} and id in (${first.id}, ${second.id})`,
    );
    // The first ran under a minute: dropped, not a 0-minute entry (time-entry-rules.test.ts).
    expect(rows).toEqual([{ id: second.id, ended_at: null }]);
    await json(await send(t, manager.cookie, "/api/time/timer/stop", {}));
    expect((await json<RunningTimer>(await send(t, manager.cookie, "/api/time/timer"))).timer).toBeNull();
    expect((await send(t, manager.cookie, "/api/time/timer/stop", {})).status).toBe(404);
  });

  it("never lets two timers run, even with concurrent starts", async () => {
    const { pm } = f.people;
    const projectId = await newProject(pm.cookie);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => send(t, pm.cookie, "/api/time/timer/start", { projectId })),
    );
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    expect(answers.some((a) => a.status === 201)).toBe(true);
    expect(await countRows(t, sql`select 1 from time_entries where user_id = ${pm.id} and ended_at is null`)).toBe(1);
    await expect(
      t.database.owner.execute(
        sql`insert into time_entries (agency_id, user_id, project_id, started_at) values (${f.aurora}, ${pm.id}, ${projectId}, now())`,
      ),
    ).rejects.toThrow();
  });

  it("refuses end before start, over 24 h and a locked (approved and invoiced) period in pt-BR", async () => {
    const { manager } = f.people;
    const client = await createCompany(t.database.owner, { agencyId: f.aurora, name: "Cliente das horas" });
    const projectId = await newProject(manager.cookie, { companyId: client.id, hourlyRateCents: 10_000 });
    const start = new Date("2026-03-02T12:00:00Z");
    const entry = (body: Record<string, unknown>) =>
      send(t, manager.cookie, "/api/time/entries", { projectId, startedAt: start.toISOString(), ...body });
    const message = async (r: Response) => ((await r.json()) as { error: { message: string } }).error.message;
    const backwards = await entry({ endedAt: new Date(start.getTime() - HOUR).toISOString() });
    expect(backwards.status).toBe(400);
    expect(await message(backwards)).toBe("O fim deve ser depois do início.");
    const long = await entry({ durationMinutes: 25 * 60 });
    expect(long.status).toBe(400);
    expect(await message(long)).toBe("Um lançamento não pode passar de 24 horas.");
    const ok = await json<{ id: string }>(await entry({ durationMinutes: 120 }), 201);
    await json(await send(t, manager.cookie, "/api/time/entries/approve", { entryIds: [ok.id] }));
    // Finance takes the approved hours into an invoice (issue 18's route); the period locks.
    const invoice = await send(t, manager.cookie, `/api/finance/billable-time/${projectId}/invoice`, {
      issueDate: "2026-03-10",
      dueDate: "2026-03-20",
      expectedTotalCents: 20_000,
    });
    expect(invoice.status).toBe(201);
    const locked = await entry({ startedAt: new Date(start.getTime() + 3 * HOUR).toISOString(), durationMinutes: 30 });
    expect(locked.status).toBe(400);
    expect(await message(locked)).toBe(
      "Este período já foi aprovado e faturado: não é possível lançar ou alterar horas nele.",
    );
    expect((await send(t, manager.cookie, `/api/time/entries/${ok.id}`, undefined, "DELETE")).status).toBe(400);
    expect(await countRows(t, sql`select 1 from time_entries where project_id = ${projectId}`)).toBe(1);
  });

  it("shows the week per day, reports by project with budget burn, and exports CSV", async () => {
    const { manager, designer } = f.people;
    const projectId = await newProject(manager.cookie, {
      name: "Relatórios",
      budgetHours: 20,
      hourlyRateCents: 15000,
      memberIds: [designer.id],
    });
    await json(
      await send(t, designer.cookie, "/api/time/entries", {
        projectId,
        startedAt: "2026-03-10T13:00:00Z",
        endedAt: "2026-03-10T16:30:00Z",
      }),
      201,
    );
    const sheet = await json<Timesheet>(await send(t, designer.cookie, "/api/time/timesheet?week=2026-03-09"));
    expect(sheet.days.map((d) => d.minutes)).toEqual([0, 210, 0, 0, 0, 0, 0]);
    expect(sheet.totalMinutes).toBe(210);
    const report = await json<HoursReport>(
      await send(t, manager.cookie, "/api/time/report?from=2026-03-01&to=2026-03-31&groupBy=project"),
    );
    expect(report.rows.find((r) => r.key === projectId)).toMatchObject({
      minutes: 210,
      amountCents: 52500,
      budgetHours: 20,
    });
    const csv = await send(t, manager.cookie, "/api/time/export?from=2026-03-10&to=2026-03-10");
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain("Pessoa;Projeto;Tarefa");
    expect(text).toContain("Relatórios;;;");
    expect(text).toContain("3,50");
  });
});

describe("hourly rates", () => {
  it("lists each member's rate for a manager, after one is set; a designer reads only their own", async () => {
    const { manager, designer, outsider } = f.people;
    await json(await send(t, manager.cookie, "/api/time/rates", { userId: designer.id, rateCents: 9050 }, "PUT"));
    const { rates, canEdit } = await json<HourlyRates>(await send(t, manager.cookie, "/api/time/rates"));
    expect(canEdit).toBe(true);
    expect(rates.find((r) => r.userId === designer.id)?.rateCents).toBe(9050);
    expect(rates.find((r) => r.userId === manager.id)?.rateCents).toBeNull();
    expect(rates.some((r) => r.userId === outsider.id)).toBe(false);
    const own = await json<HourlyRates>(await send(t, designer.cookie, "/api/time/rates"));
    expect(own).toEqual({
      rates: [{ userId: designer.id, name: expect.any(String), rateCents: 9050 }],
      canEdit: false,
    });
  });
});

describe("calendar", () => {
  it("shows due dates and meetings, and serves a private revocable iCalendar feed", async () => {
    const { manager, designer } = f.people;
    const projectId = await newProject(manager.cookie, { name: "Agenda" });
    const day = (n: number, hour: number) => {
      const d = new Date(Date.now() + n * 86_400_000);
      d.setUTCHours(hour, 0, 0, 0);
      return d.toISOString();
    };
    await newTask(manager.cookie, projectId, { title: "Entrega do layout", dueDate: day(2, 15) });
    await json(
      await send(t, manager.cookie, "/api/calendar/meetings", {
        title: "Kickoff",
        startsAt: day(1, 13),
        endsAt: day(1, 14),
        attendeeIds: [designer.id],
        projectId,
      }),
      201,
    );
    const { items } = await json<{ items: CalendarItem[] }>(
      await send(t, designer.cookie, `/api/calendar?from=${day(0, 0)}&to=${day(10, 0)}`),
    );
    expect(items.map((i) => [i.kind, i.title])).toContainEqual(["meeting", "Kickoff"]);
    expect(
      await countRows(
        t,
        sql`select 1 from timeline_events where record_id = ${projectId} and kind = 'meeting_scheduled'`,
      ),
    ).toBe(1);
    const feed = await json<{ url: string }>(await send(t, manager.cookie, "/api/calendar/feed", {}), 201);
    const path = new URL(feed.url).pathname;
    const ics = await t.request(path);
    expect(ics.status).toBe(200);
    const body = await ics.text();
    expect(body).toContain("BEGIN:VCALENDAR");
    expect(body).toContain("Entrega do layout");
    expect(body).toContain("Kickoff");
    await json(await send(t, manager.cookie, "/api/calendar/feed", undefined, "DELETE"));
    expect((await t.request(path)).status).toBe(404);
  });
});

describe("clients", () => {
  it("lists client companies with active projects and open tasks", async () => {
    const { manager } = f.people;
    const [company] = await queryRows<{ id: string }>(
      t.database.owner,
      sql`insert into companies (agency_id, name) values (${f.aurora}, 'Cliente Clientes') returning id`,
    );
    const projectId = await newProject(manager.cookie, { companyId: company.id, status: "em_andamento" });
    await newTask(manager.cookie, projectId);
    const { clients } = await json<{ clients: { id: string; activeProjects: number; openTasks: number }[] }>(
      await send(t, manager.cookie, "/api/projects/clients"),
    );
    expect(clients.find((c) => c.id === company.id)).toMatchObject({ activeProjects: 1, openTasks: 1 });
  });
});
