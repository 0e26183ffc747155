import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectDetail } from "#domain/schemas/projects.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { deliveryFixture, json, send } from "./delivery-fixture.ts";

let t: TestApp;
let f: Awaited<ReturnType<typeof deliveryFixture>>;
beforeAll(async () => {
  f = await deliveryFixture();
  t = f.t;
});
afterAll(() => t.close());

const DUE_BEFORE_START = "A data de entrega deve ser depois da data de início.";

describe("a team member creates a project for someone else (outside QA, delivery #6)", () => {
  it("designer and copywriter may: the named owner owns it and the creator stays a member (no 500)", async () => {
    const { designer, copywriter, pm } = f.people;
    for (const creator of [designer, copywriter]) {
      const created = await json<{ id: string }>(
        await send(t, creator.cookie, "/api/projects", { name: `Para o gestor — ${creator.email}`, ownerId: pm.id }),
        201,
      );
      const project = await json<ProjectDetail>(await send(t, creator.cookie, `/api/projects/${created.id}`));
      expect(project.owner?.id).toBe(pm.id);
      expect(project.members.map((m) => m.id).sort()).toEqual([creator.id, pm.id].sort());
    }
  });

  it("a manager (every project in reach) creating for someone else is not added as a member", async () => {
    const { manager, pm } = f.people;
    const created = await json<{ id: string }>(
      await send(t, manager.cookie, "/api/projects", { name: "Do gestor de projetos", ownerId: pm.id }),
      201,
    );
    const project = await json<ProjectDetail>(await send(t, manager.cookie, `/api/projects/${created.id}`));
    expect(project.members.map((m) => m.id)).toEqual([pm.id]);
  });
});

describe("a project's dates stay in order across edits (outside QA, delivery #7)", () => {
  it("refuses a due date before the stored start, and a start after the stored due date, with 400", async () => {
    const { manager } = f.people;
    const { id } = await json<{ id: string }>(
      await send(t, manager.cookie, "/api/projects", {
        name: "Datas",
        startDate: "2026-12-10T12:00:00Z",
        dueDate: "2026-12-20T12:00:00Z",
      }),
      201,
    );
    for (const body of [{ dueDate: "2026-12-01T12:00:00Z" }, { startDate: "2026-12-21T12:00:00Z" }]) {
      const answer = await send(t, manager.cookie, `/api/projects/${id}`, body, "PATCH");
      expect(answer.status).toBe(400);
      expect((await answer.json()).error.message).toBe(DUE_BEFORE_START);
    }
    const project = await json<ProjectDetail>(await send(t, manager.cookie, `/api/projects/${id}`));
    expect([project.startDate, project.dueDate]).toEqual(["2026-12-10T12:00:00.000Z", "2026-12-20T12:00:00.000Z"]);
  });

  it("accepts moving both dates together, clearing one, and a due date on the start day", async () => {
    const { manager } = f.people;
    const { id } = await json<{ id: string }>(
      await send(t, manager.cookie, "/api/projects", { name: "Datas móveis", startDate: "2026-12-10T12:00:00Z" }),
      201,
    );
    const patch = (body: object) => send(t, manager.cookie, `/api/projects/${id}`, body, "PATCH");
    await json(await patch({ dueDate: "2026-12-10T12:00:00Z" }));
    await json(await patch({ startDate: "2027-01-10T12:00:00Z", dueDate: "2027-01-20T12:00:00Z" }));
    await json(await patch({ startDate: null }));
    await json(await patch({ dueDate: "2026-06-01T12:00:00Z" }));
    const project = await json<ProjectDetail>(await send(t, manager.cookie, `/api/projects/${id}`));
    expect([project.startDate, project.dueDate]).toEqual([null, "2026-06-01T12:00:00.000Z"]);
  });
});
