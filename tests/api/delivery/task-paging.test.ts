import { sql } from "drizzle-orm";
import { generateNKeysBetween } from "fractional-indexing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Task, TaskBoardData, TasksPage } from "#domain/schemas/tasks.ts";
import { queryRows } from "#server/db/client.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { deliveryFixture, json, send } from "./delivery-fixture.ts";

let t: TestApp;
let f: Awaited<ReturnType<typeof deliveryFixture>>;
beforeAll(async () => {
  f = await deliveryFixture();
  t = f.t;
});
afterAll(() => t.close());

const DAY = "2026-05-10T12:00:00.123456Z";
const NEXT_DAY = "2026-05-11T12:00:00Z";

const newProject = async (cookie: string, body: Record<string, unknown> = {}) =>
  (await json<{ id: string }>(await send(t, cookie, "/api/projects", { name: "Paginada", ...body }), 201)).id;

/** Tasks written straight to the table (120 through the API would be slow), in board order. */
async function insertTasks(
  projectId: string,
  rows: { title: string; status?: string; due?: string | null; assignee?: string }[],
): Promise<string[]> {
  const keys = generateNKeysBetween(null, null, rows.length);
  const ids: string[] = [];
  for (const [i, row] of rows.entries()) {
    const [{ id }] = await queryRows<{ id: string }>(
      t.database.owner,
      sql`insert into tasks (agency_id, project_id, title, status, position, due_date, created_by)
          values (${f.aurora}, ${projectId}, ${row.title}, ${row.status ?? "pending"}, ${keys[i]},
                  ${row.due ?? null}::timestamptz, ${f.people.manager.id}) returning id`,
    );
    if (row.assignee) {
      await queryRows(
        t.database.owner,
        sql`insert into task_assignees (agency_id, task_id, user_id) values (${f.aurora}, ${id}, ${row.assignee})`,
      );
    }
    ids.push(id);
  }
  return ids;
}

const addMember = (projectId: string, userId: string) =>
  queryRows(
    t.database.owner,
    sql`insert into project_members (agency_id, project_id, user_id) values (${f.aurora}, ${projectId}, ${userId})`,
  );

/** Every page of a list, following the cursors. */
async function allPages(cookie: string, query: string): Promise<Task[][]> {
  const pages: Task[][] = [];
  let cursor: string | null = null;
  do {
    const path: string = `/api/tasks?${query}${cursor ? `&cursor=${cursor}` : ""}`;
    const page: TasksPage = await json<TasksPage>(await send(t, cookie, path));
    pages.push(page.tasks);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 10);
  return pages;
}

describe("task list paging", () => {
  it("pages by due date then id, none last, across a boundary inside equal due dates", async () => {
    const { manager } = f.people;
    const projectId = await newProject(manager.cookie);
    const rows = [
      ...Array.from({ length: 30 }, (_, i) => ({ title: `Sem prazo ${i}`, due: null })),
      ...Array.from({ length: 30 }, (_, i) => ({ title: `Depois ${i}`, due: NEXT_DAY })),
      ...Array.from({ length: 60 }, (_, i) => ({ title: `Mesmo dia ${i}`, due: DAY })),
    ];
    const ids = await insertTasks(projectId, rows);
    const pages = await allPages(manager.cookie, `projectId=${projectId}`);
    expect(pages.map((p) => p.length)).toEqual([50, 50, 20]);
    const listed = pages.flat();
    const byId = (a: string, b: string) => (a < b ? -1 : 1);
    const idsOf = (from: number, to: number) => ids.slice(from, to).sort(byId);
    // 60 on the same day (the first boundary falls among them), then the next day, then none.
    expect(listed.map((task) => task.id)).toEqual([...idsOf(60, 120), ...idsOf(30, 60), ...idsOf(0, 30)]);
    expect(listed[0].dueDate).toBe("2026-05-10T12:00:00.123Z");
    expect(listed.at(-1)?.dueDate).toBeNull();
  });

  it("pages 'minhas tarefas' of a team member (scope own): its open tasks only", async () => {
    const { manager, designer } = f.people;
    const projectId = await newProject(manager.cookie, { name: "Com o designer" });
    await addMember(projectId, designer.id);
    const mine = await insertTasks(
      projectId,
      Array.from({ length: 55 }, (_, i) => ({ title: `Minha ${i}`, due: DAY, assignee: designer.id })),
    );
    await insertTasks(projectId, [
      { title: "De outro", due: DAY },
      { title: "Minha feita", due: DAY, status: "completed", assignee: designer.id },
    ]);
    const elsewhere = await newProject(manager.cookie, { name: "Sem o designer" });
    await insertTasks(elsewhere, [{ title: "Alheia", due: DAY }]);
    const pages = await allPages(designer.cookie, "mine=true");
    expect(pages.map((p) => p.length)).toEqual([50, 5]);
    expect(
      pages
        .flat()
        .map((task) => task.id)
        .sort(),
    ).toEqual([...mine].sort());
    // A project it is not a member of stays hidden, page or no page.
    expect((await allPages(designer.cookie, `projectId=${elsewhere}`)).flat()).toEqual([]);
  });

  it("searches a project's titles for the dependency picker, and only with a project", async () => {
    const { manager } = f.people;
    const projectId = await newProject(manager.cookie);
    await insertTasks(projectId, [{ title: "Revisão do layout" }, { title: "Briefing" }]);
    const found = await json<TasksPage>(await send(t, manager.cookie, `/api/tasks?projectId=${projectId}&q=revisao`));
    expect(found.tasks.map((task) => task.title)).toEqual(["Revisão do layout"]);
    expect((await send(t, manager.cookie, "/api/tasks?q=revisao")).status).toBe(400);
  });

  it("starts over on a cursor that does not parse", async () => {
    const { manager } = f.people;
    const projectId = await newProject(manager.cookie);
    await insertTasks(projectId, [{ title: "Única" }]);
    const page = await json<TasksPage>(await send(t, manager.cookie, `/api/tasks?projectId=${projectId}&cursor=lixo`));
    expect(page.tasks.map((task) => task.title)).toEqual(["Única"]);
    expect(page.nextCursor).toBeNull();
  });
});

describe("task board paging", () => {
  const board = (cookie: string, projectId: string) =>
    send(t, cookie, `/api/tasks/board?projectId=${projectId}`).then((r) => json<TaskBoardData>(r));
  const column = (cookie: string, projectId: string, status: string, cursor: string) =>
    send(t, cookie, `/api/tasks/board/column?projectId=${projectId}&status=${status}&cursor=${cursor}`).then((r) =>
      json<TasksPage>(r),
    );

  it("loads each column's first 50 cards by position with its count, then a column's next page", async () => {
    const { manager } = f.people;
    const projectId = await newProject(manager.cookie);
    const pending = await insertTasks(
      projectId,
      Array.from({ length: 60 }, (_, i) => ({ title: `A fazer ${i}` })),
    );
    await insertTasks(projectId, [
      { title: "Revisar 1", status: "review" },
      { title: "Revisar 2", status: "review" },
    ]);
    const first = await board(manager.cookie, projectId);
    expect(first.columns.map((c) => [c.status, c.count, c.tasks.length, c.nextCursor !== null])).toEqual([
      ["pending", 60, 50, true],
      ["in_progress", 0, 0, false],
      ["review", 2, 2, false],
      ["completed", 0, 0, false],
    ]);
    expect(first.columns[0].tasks.map((task) => task.id)).toEqual(pending.slice(0, 50));
    const next = await column(manager.cookie, projectId, "pending", first.columns[0].nextCursor ?? "");
    expect(next.tasks.map((task) => task.id)).toEqual(pending.slice(50));
    expect(next.nextCursor).toBeNull();
  });

  it("drops a card after a column's last loaded card: before the cards not loaded yet", async () => {
    const { manager } = f.people;
    const projectId = await newProject(manager.cookie);
    const pending = await insertTasks(
      projectId,
      Array.from({ length: 55 }, (_, i) => ({ title: `A fazer ${i}` })),
    );
    const [review] = await insertTasks(projectId, [{ title: "Em revisão", status: "review" }]);
    const loaded = (await board(manager.cookie, projectId)).columns[0];
    const lastLoaded = loaded.tasks.at(-1)?.id ?? null;
    await json(
      await send(t, manager.cookie, `/api/tasks/${review}/move`, {
        status: "pending",
        afterId: lastLoaded,
        beforeId: null,
      }),
    );
    const after = await board(manager.cookie, projectId);
    expect(after.columns[0].count).toBe(56);
    expect(after.columns[2].count).toBe(0);
    const rest = await column(manager.cookie, projectId, "pending", after.columns[0].nextCursor ?? "");
    expect(rest.tasks.map((task) => task.id)).toEqual([review, ...pending.slice(50)]);
  });

  it("shows a team member (scope own) only the boards of its projects", async () => {
    const { manager, designer } = f.people;
    const elsewhere = await newProject(manager.cookie, { name: "Fora do designer" });
    const [hidden] = await insertTasks(elsewhere, [{ title: "Alheia" }, { title: "Outra", status: "review" }]);
    const seen = await board(designer.cookie, elsewhere);
    expect(seen.columns.map((c) => [c.count, c.tasks.length])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    const cursor = Buffer.from(JSON.stringify(["a0", hidden])).toString("base64url");
    expect((await column(designer.cookie, elsewhere, "review", cursor)).tasks).toEqual([]);
    const member = await newProject(manager.cookie, { name: "Com o designer" });
    await addMember(member, designer.id);
    await insertTasks(member, [{ title: "Do projeto" }]);
    expect((await board(designer.cookie, member)).columns[0].tasks.map((task) => task.title)).toEqual(["Do projeto"]);
  });
});
