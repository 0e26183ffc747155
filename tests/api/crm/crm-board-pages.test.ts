import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Board, Deal, DealsPage } from "#domain/schemas/crm.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency } from "./crm-fixtures.ts";

let t: TestApp;
let call: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  call = api(t, (await crmAgency(t, "Colmeia")).manager);
});
afterAll(() => t.close());

const newDeal = async (title: string, stageId: string, valueCents: number) => {
  const created = await call<Deal>("/api/crm/deals", "POST", { title, stageId, valueCents });
  expect(created.status).toBe(201);
  return created.body;
};

describe("the board's first load and a column's next page", () => {
  it("shows each column's first 50 cards in order with its count and total, and pages the rest", async () => {
    const stages = (await call<Board>("/api/crm/board")).body.pipeline.stages;
    const [, qualificados, , negociacao] = stages;
    const many: Deal[] = [];
    for (let n = 1; n <= 53; n++) many.push(await newDeal(`Q${String(n).padStart(2, "0")}`, qualificados.id, 100 * n));
    const few = [await newDeal("N1", negociacao.id, 700), await newDeal("N2", negociacao.id, 300)];

    const board = (await call<Board>("/api/crm/board")).body;
    const column = (stageId: string) => board.columns.find((c) => c.stageId === stageId);
    expect(board.columns.map((c) => c.stageId)).toEqual(stages.map((s) => s.id));
    expect(column(qualificados.id)).toMatchObject({ count: 53, totalCents: (100 * 53 * 54) / 2 });
    expect(column(qualificados.id)?.deals.map((d) => d.title)).toEqual(many.slice(0, 50).map((d) => d.title));
    expect(column(qualificados.id)?.nextCursor).not.toBeNull();
    expect(column(negociacao.id)).toMatchObject({ count: 2, totalCents: 1000, nextCursor: null });
    expect(column(negociacao.id)?.deals.map((d) => d.id)).toEqual(few.map((d) => d.id));
    expect(column(stages[0].id)).toMatchObject({ count: 0, totalCents: 0, deals: [], nextCursor: null });

    const cursor = encodeURIComponent(column(qualificados.id)?.nextCursor ?? "");
    const rest = await call<DealsPage>(`/api/crm/board/stages/${qualificados.id}?cursor=${cursor}`);
    expect(rest.status).toBe(200);
    expect(rest.body.deals.map((d) => d.title)).toEqual(["Q51", "Q52", "Q53"]);
    expect(rest.body.nextCursor).toBeNull();
  });
});
