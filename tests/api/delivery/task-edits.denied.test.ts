import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Task } from "#domain/schemas/tasks.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { countRows, type DeliveryFixture, deliveryFixture, designersProject, json, send } from "./delivery-fixture.ts";

let t: TestApp;
let f: DeliveryFixture;
let projectId: string;
beforeAll(async () => {
  f = await deliveryFixture();
  t = f.t;
  projectId = await designersProject(f, "Recusas");
});
afterAll(() => t.close());

const STALE = "Esta tarefa foi alterada por outra pessoa. Confira a versão atual e refaça sua alteração.";
const LOOP = "Dependência circular: uma das tarefas escolhidas já depende desta.";

const newTask = async (title: string) =>
  (await json<{ id: string }>(await send(t, f.people.manager.cookie, "/api/tasks", { projectId, title }), 201)).id;
const readTask = (id: string) => send(t, f.people.manager.cookie, `/api/tasks/${id}`).then((r) => json<Task>(r));
const patch = (id: string, body: object, cookie = f.people.manager.cookie) =>
  send(t, cookie, `/api/tasks/${id}`, body, "PATCH");
const edgesOf = (id: string) => countRows(t, sql`select 1 from task_dependencies where task_id = ${id}`);

describe("a stale task edit is refused (outside QA, delivery #8)", () => {
  it("the second of two people editing the same version gets 409 in pt-BR and the first one's item stays", async () => {
    const { manager, designer } = f.people;
    const id = await newTask("Checklist disputado");
    const ana = { id: "ana", text: "Item da Ana", done: false };
    const bruno = { id: "bruno", text: "Item do Bruno", done: false };
    await json(await patch(id, { checklist: [ana], version: 1 }, manager.cookie));
    const stale = await patch(id, { checklist: [bruno], version: 1 }, designer.cookie);
    expect(stale.status).toBe(409);
    expect((await stale.json()).error.message).toBe(STALE);
    const task = await readTask(id);
    expect(task.checklist).toEqual([ana]);
    expect(task.version).toBe(2);
  });

  it("of parallel edits on one version exactly one is saved", async () => {
    const id = await newTask("Corrida de edições");
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => patch(id, { checklist: [{ id: `i${n}`, text: `Item ${n}`, done: false }], version: 1 })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const task = await readTask(id);
    expect(task.checklist).toHaveLength(1);
    expect(task.version).toBe(2);
  });
});

describe("circular dependencies are refused (outside QA, delivery #9)", () => {
  it("A↔B and X→Z→Y→X: 400 in pt-BR, nothing written", async () => {
    const [a, b] = [await newTask("A"), await newTask("B")];
    await json(await patch(b, { dependsOnIds: [a] }));
    const back = await patch(a, { dependsOnIds: [b] });
    expect(back.status).toBe(400);
    expect((await back.json()).error.message).toBe(LOOP);
    expect(await edgesOf(a)).toBe(0);

    const [x, y, z] = [await newTask("X"), await newTask("Y"), await newTask("Z")];
    await json(await patch(x, { dependsOnIds: [z] }));
    await json(await patch(z, { dependsOnIds: [y] }));
    const closing = await patch(y, { dependsOnIds: [x] });
    expect(closing.status).toBe(400);
    expect((await closing.json()).error.message).toBe(LOOP);
    expect(await edgesOf(y)).toBe(0);
  });

  it("two edits racing to close one circle: at most one is saved", async () => {
    for (let round = 0; round < 4; round++) {
      const [a, b, c] = [await newTask(`Pa${round}`), await newTask(`Pb${round}`), await newTask(`Pc${round}`)];
      const answers = await Promise.all([
        patch(a, { dependsOnIds: [b] }),
        patch(b, { dependsOnIds: [c] }),
        patch(c, { dependsOnIds: [a] }),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 200, 400]);
      expect((await edgesOf(a)) + (await edgesOf(b)) + (await edgesOf(c))).toBe(2);
    }
  });

  it("a task still cannot depend on itself", async () => {
    const a = await newTask("Sozinha");
    const self = await patch(a, { dependsOnIds: [a] });
    expect(self.status).toBe(400);
    expect((await self.json()).error.message).toBe("Uma tarefa não pode depender de si mesma.");
  });
});
