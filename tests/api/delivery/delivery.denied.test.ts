import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectsPage } from "#domain/schemas/projects.ts";
import type { Task, TaskBoardData } from "#domain/schemas/tasks.ts";
import type { HoursReport } from "#domain/schemas/time-entries.ts";
import { queryRows } from "#server/db/client.ts";
import { withTenant } from "#server/db/tenant.ts";
import type { SessionUser } from "#server/auth/session-user.ts";
import { projectSearchSource } from "#server/features/projects/search-source.ts";
import { taskSearchSource } from "#server/features/tasks/search-source.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { countRows, deliveryFixture, json, send } from "./delivery-fixture.ts";

let t: TestApp;
let f: Awaited<ReturnType<typeof deliveryFixture>>;
let memberProject: string;
let otherProject: string;
let otherTask: string;
let company: string;
beforeAll(async () => {
  f = await deliveryFixture();
  t = f.t;
  const { manager, designer } = f.people;
  [{ id: company }] = await queryRows<{ id: string }>(
    t.database.owner,
    sql`insert into companies (agency_id, name, owner_id) values (${f.aurora}, 'Cliente do gestor', ${manager.id}) returning id`,
  );
  memberProject = (
    await json<{ id: string }>(
      await send(t, manager.cookie, "/api/projects", {
        name: "Com o designer",
        memberIds: [designer.id],
        companyId: company,
      }),
      201,
    )
  ).id;
  otherProject = (
    await json<{ id: string }>(await send(t, manager.cookie, "/api/projects", { name: "Sem o designer" }), 201)
  ).id;
  otherTask = (
    await json<{ id: string }>(
      await send(t, manager.cookie, "/api/tasks", { projectId: otherProject, title: "Alheia" }),
      201,
    )
  ).id;
  await json(
    await send(t, manager.cookie, "/api/time/entries", {
      projectId: otherProject,
      startedAt: "2026-03-03T12:00:00Z",
      durationMinutes: 60,
    }),
    201,
  );
});
afterAll(() => t.close());

describe("delivery denied", () => {
  it("answers 401 without a session", async () => {
    for (const path of [
      "/api/projects",
      "/api/tasks",
      "/api/tasks/board",
      "/api/tasks/board/column?status=pending",
      "/api/time/timer",
      "/api/projects/clients",
    ]) {
      expect((await t.request(path)).status).toBe(401);
    }
    expect((await t.request("/api/time/timer/start", { body: { projectId: otherProject } })).status).toBe(401);
  });

  it("refuses roles without the module (a closer has no projects) with 403", async () => {
    const { closer } = f.people;
    expect((await send(t, closer.cookie, "/api/projects")).status).toBe(403);
    expect((await send(t, closer.cookie, "/api/tasks")).status).toBe(403);
    expect((await send(t, closer.cookie, "/api/tasks/board")).status).toBe(403);
    expect((await send(t, closer.cookie, "/api/tasks/board/column?status=pending")).status).toBe(403);
    expect((await send(t, closer.cookie, "/api/time/timer/start", { projectId: otherProject })).status).toBe(403);
    expect(
      (
        await send(t, closer.cookie, "/api/calendar/meetings", {
          title: "x",
          startsAt: "2026-03-03T12:00:00Z",
          endsAt: "2026-03-03T13:00:00Z",
        })
      ).status,
    ).toBe(403);
  });

  it("shows a team member only the projects and tasks it is a member of (scope own)", async () => {
    const { designer } = f.people;
    const page = await json<ProjectsPage>(await send(t, designer.cookie, "/api/projects"));
    expect(page.projects.map((p) => p.id)).toEqual([memberProject]);
    expect(page.projects[0].company?.name).toBe("Cliente do gestor");
    expect((await send(t, designer.cookie, `/api/projects/${otherProject}`)).status).toBe(404);
    expect((await send(t, designer.cookie, `/api/tasks/${otherTask}`)).status).toBe(404);
    const { tasks } = await json<{ tasks: Task[] }>(
      await send(t, designer.cookie, `/api/tasks?projectId=${otherProject}`),
    );
    expect(tasks).toEqual([]);
    const board = await json<TaskBoardData>(
      await send(t, designer.cookie, `/api/tasks/board?projectId=${otherProject}`),
    );
    expect(board.columns.flatMap((c) => [c.count, ...c.tasks])).toEqual([0, 0, 0, 0]);
    const moved = await send(t, designer.cookie, `/api/tasks/${otherTask}/move`, {
      status: "review",
      afterId: null,
      beforeId: null,
    });
    expect(moved.status).toBe(404);
    expect((await send(t, designer.cookie, "/api/time/timer/start", { projectId: otherProject })).status).toBe(404);
    const report = await json<HoursReport>(
      await send(t, designer.cookie, "/api/time/report?from=2026-03-01&to=2026-03-31"),
    );
    expect(report.rows).toEqual([]);
  });

  it("lets row-level security apply the same scope, and show a member its project's client company", async () => {
    const { designer } = f.people;
    const rows = await withTenant(
      t.database,
      { userId: designer.id, agencyId: f.aurora, isSuperAdmin: false },
      async (tx) => ({
        projects: await queryRows<{ id: string }>(tx, sql`select id from projects`),
        tasks: await queryRows<{ id: string }>(tx, sql`select id from tasks where id = ${otherTask}`),
        time: await queryRows<{ id: string }>(tx, sql`select id from time_entries`),
        companies: await queryRows<{ id: string }>(tx, sql`select id from companies`),
      }),
    );
    expect(rows.projects.map((r) => r.id)).toEqual([memberProject]);
    expect(rows.tasks).toEqual([]);
    expect(rows.time).toEqual([]);
    expect(rows.companies.map((r) => r.id)).toEqual([company]);
  });

  it("hides another agency's projects, tasks and entries (404) and leaves them unchanged", async () => {
    const { outsider } = f.people;
    expect((await send(t, outsider.cookie, `/api/projects/${otherProject}`)).status).toBe(404);
    expect((await send(t, outsider.cookie, `/api/projects/${otherProject}`, { name: "x" }, "PATCH")).status).toBe(404);
    expect(
      (await send(t, outsider.cookie, `/api/projects/${otherProject}?confirm=true`, undefined, "DELETE")).status,
    ).toBe(404);
    expect((await send(t, outsider.cookie, `/api/tasks/${otherTask}`, { title: "x" }, "PATCH")).status).toBe(404);
    expect((await send(t, outsider.cookie, "/api/time/timer/start", { projectId: otherProject })).status).toBe(404);
    expect((await send(t, outsider.cookie, "/api/tasks", { projectId: otherProject, title: "intrusa" })).status).toBe(
      404,
    );
    expect(
      await countRows(
        t,
        sql`select 1 from projects where id = ${otherProject} and name = 'Sem o designer' and deleted_at is null`,
      ),
    ).toBe(1);
    expect(await countRows(t, sql`select 1 from tasks where title = 'intrusa'`)).toBe(0);
  });

  it("keeps the global search of projects and tasks inside the caller's scope", async () => {
    const { designer } = f.people;
    const context = {
      user: { id: designer.id } as SessionUser,
      agencyId: f.aurora,
      scope: "own" as const,
    };
    const found = await withTenant(
      t.database,
      { userId: designer.id, agencyId: f.aurora, isSuperAdmin: false },
      async (tx) => ({
        projects: await projectSearchSource.search(tx, context, "designer", 10),
        tasks: await taskSearchSource.search(tx, context, "Alheia", 10),
      }),
    );
    expect(found.projects.map((hit) => hit.id)).toEqual([memberProject]);
    expect(found.tasks).toEqual([]);
  });

  it("lets only the project's manager (or scope all) approve time", async () => {
    const { designer, manager } = f.people;
    const entry = await json<{ id: string }>(
      await send(t, designer.cookie, "/api/time/entries", {
        projectId: memberProject,
        startedAt: "2026-03-04T12:00:00Z",
        durationMinutes: 30,
      }),
      201,
    );
    expect((await send(t, designer.cookie, "/api/time/entries/approve", { entryIds: [entry.id] })).status).toBe(403);
    await json(await send(t, manager.cookie, "/api/time/entries/approve", { entryIds: [entry.id] }));
    expect((await send(t, designer.cookie, `/api/time/timesheet?userId=${manager.id}`)).status).toBe(404);
  });
});
