import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Board, Deal } from "#domain/schemas/crm.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency } from "./crm-fixtures.ts";

let t: TestApp;
let call: ReturnType<typeof api>;
let stages: Board["pipeline"]["stages"];
beforeAll(async () => {
  t = await createTestApp();
  call = api(t, (await crmAgency(t, "Vereda")).manager);
  stages = (await call<Board>("/api/crm/board")).body.pipeline.stages;
});
afterAll(() => t.close());

const newDeal = async (title: string, stageId: string) => {
  const created = await call<Deal>("/api/crm/deals", "POST", { title, stageId, valueCents: 1000 });
  expect(created.status).toBe(201);
  return created.body;
};
const move = (deal: Deal, stageId: string, afterId: string | null) =>
  call<Deal>(`/api/crm/deals/${deal.id}/move`, "POST", { stageId, afterId });
const column = async (stageId: string) =>
  (await call<Board>("/api/crm/board")).body.columns.find((c) => c.stageId === stageId)?.deals ?? [];
const titlesIn = async (stageId: string) => (await column(stageId)).map((deal) => deal.title);

describe("moving a deal", () => {
  it("puts it right after the card it follows, within and between columns, and answers the deal as it now reads", async () => {
    const [first, second] = stages;
    const [a, b, c] = [await newDeal("A", first.id), await newDeal("B", first.id), await newDeal("C", first.id)];

    const between = await move(c, first.id, a.id);
    expect(between.status).toBe(200);
    expect(await titlesIn(first.id)).toEqual(["A", "C", "B"]);
    expect(between.body).toEqual((await call<Deal>(`/api/crm/deals/${c.id}`)).body);
    expect(between.body).toMatchObject({ version: c.version + 1, stageEnteredAt: c.stageEnteredAt });

    const across = await move(b, second.id, null);
    expect(across.status).toBe(200);
    expect(across.body).toEqual((await call<Deal>(`/api/crm/deals/${b.id}`)).body);
    expect(across.body).toMatchObject({ stageId: second.id, pipelineId: b.pipelineId, version: b.version + 1 });
    expect(across.body.stageEnteredAt > b.stageEnteredAt).toBe(true);
    expect(await titlesIn(first.id)).toEqual(["A", "C"]);

    // After the last card of a column, and after a card that is no longer there (it goes first).
    expect((await move(a, second.id, b.id)).status).toBe(200);
    expect(await titlesIn(second.id)).toEqual(["B", "A"]);
    expect((await move(c, second.id, c.id)).status).toBe(200);
    expect(await titlesIn(second.id)).toEqual(["C", "B", "A"]);
  });

  it("gives each of many moves into one gap at once a key of its own, all between the two cards", async () => {
    const [, , third, fourth] = stages;
    const left = await newDeal("Esquerda", fourth.id);
    await newDeal("Direita", fourth.id);
    const moving: Deal[] = [];
    for (let n = 1; n <= 8; n++) moving.push(await newDeal(`M${n}`, third.id));

    const answers = await Promise.all(moving.map((deal) => move(deal, fourth.id, left.id)));
    expect(answers.map((answer) => answer.status)).toEqual(moving.map(() => 200));
    const cards = await column(fourth.id);
    const titles = cards.map((deal) => deal.title);
    expect(titles[0]).toBe("Esquerda");
    expect(titles.at(-1)).toBe("Direita");
    expect(new Set(titles.slice(1, -1))).toEqual(new Set(moving.map((deal) => deal.title)));
    expect(new Set(cards.map((deal) => deal.position)).size).toBe(cards.length);
    expect(await titlesIn(third.id)).toEqual([]);
  });

  it("puts many cards dropped at the top of one column at once all above the card that was first", async () => {
    const [, second, , , fifth] = stages;
    await newDeal("Primeira", fifth.id);
    const moving: Deal[] = [];
    for (let n = 1; n <= 8; n++) moving.push(await newDeal(`T${n}`, second.id));

    const answers = await Promise.all(moving.map((deal) => move(deal, fifth.id, null)));
    expect(answers.map((answer) => answer.status)).toEqual(moving.map(() => 200));
    const cards = await column(fifth.id);
    expect(cards.at(-1)?.title).toBe("Primeira");
    expect(new Set(cards.slice(0, -1).map((deal) => deal.title))).toEqual(new Set(moving.map((deal) => deal.title)));
    expect(new Set(cards.map((deal) => deal.position)).size).toBe(cards.length);
  });
});
