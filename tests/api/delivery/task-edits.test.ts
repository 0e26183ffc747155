import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Task } from "#domain/schemas/tasks.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { type DeliveryFixture, deliveryFixture, designersProject, json, send } from "./delivery-fixture.ts";

let t: TestApp;
let f: DeliveryFixture;
let projectId: string;
beforeAll(async () => {
  f = await deliveryFixture();
  t = f.t;
  projectId = await designersProject(f, "Edições");
});
afterAll(() => t.close());

const newTask = async (title: string) =>
  (await json<{ id: string }>(await send(t, f.people.manager.cookie, "/api/tasks", { projectId, title }), 201)).id;
const readTask = (cookie: string, id: string) => send(t, cookie, `/api/tasks/${id}`).then((r) => json<Task>(r));
const patch = (cookie: string, id: string, body: object) => send(t, cookie, `/api/tasks/${id}`, body, "PATCH");

describe("task edits on the version seen (outside QA, delivery #8)", () => {
  it("raises the version on every change (edit and board move); an edit on the current one is saved", async () => {
    const { manager, designer } = f.people;
    const id = await newTask("Checklist compartilhado");
    const first = await readTask(manager.cookie, id);
    expect(first.version).toBe(1);
    const item = { id: "a", text: "Item da Ana", done: false };
    await json(await patch(manager.cookie, id, { checklist: [item], version: 1 }));
    const seenByDesigner = await readTask(designer.cookie, id);
    expect(seenByDesigner.version).toBe(2);
    const mine = { id: "b", text: "Item do Bruno", done: false };
    await json(await patch(designer.cookie, id, { checklist: [...seenByDesigner.checklist, mine], version: 2 }));
    await json(
      await send(t, manager.cookie, `/api/tasks/${id}/move`, { status: "in_progress", afterId: null, beforeId: null }),
    );
    const now = await readTask(manager.cookie, id);
    expect(now.checklist.map((i) => i.text)).toEqual(["Item da Ana", "Item do Bruno"]);
    expect(now.version).toBe(4);
  });

  it("still accepts an edit that names no version (API clients of before), and raises it", async () => {
    const id = await newTask("Sem versão");
    await json(await patch(f.people.manager.cookie, id, { title: "Sem versão, renomeada" }));
    expect((await readTask(f.people.manager.cookie, id)).version).toBe(2);
  });
});

describe("task dependencies (outside QA, delivery #9)", () => {
  it("accepts a chain and a diamond (no circle)", async () => {
    const { manager } = f.people;
    const [a, b, c, d] = [await newTask("A"), await newTask("B"), await newTask("C"), await newTask("D")];
    await json(await patch(manager.cookie, b, { dependsOnIds: [a] }));
    await json(await patch(manager.cookie, c, { dependsOnIds: [a] }));
    await json(await patch(manager.cookie, d, { dependsOnIds: [b, c] }));
    expect((await readTask(manager.cookie, d)).dependsOnIds.sort()).toEqual([b, c].sort());
  });
});
