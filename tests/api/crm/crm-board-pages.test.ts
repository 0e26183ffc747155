import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Board, CrmReport, Deal, DealsPage } from "#domain/schemas/crm.ts";
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

describe("the board and the report count the open funnel, one set for every figure", () => {
  it("leaves won and lost deals out of the cards, counts, totals, Em aberto and forecast; outcome=won|lost shows them", async () => {
    const own = api(t, (await crmAgency(t, "Duna")).manager);
    const stages = (await own<Board>("/api/crm/board")).body.pipeline.stages;
    const [leadsStage, , proposta] = stages;
    const create = async (title: string, stageId: string, valueCents: number) =>
      (await own<Deal>("/api/crm/deals", "POST", { title, stageId, valueCents })).body;
    await create("Aberta em leads", leadsStage.id, 100_000);
    await create("Aberta em proposta", proposta.id, 300_000);
    const won = await create("Ganha em proposta", proposta.id, 5_000_000);
    const lost = await create("Perdida em proposta", proposta.id, 7_000_000);
    expect((await own(`/api/crm/deals/${won.id}/outcome`, "POST", { outcome: "won" })).status).toBe(200);
    expect(
      (await own(`/api/crm/deals/${lost.id}/outcome`, "POST", { outcome: "lost", lostReason: "Preço" })).status,
    ).toBe(200);

    const board = (await own<Board>("/api/crm/board")).body;
    const column = (b: Board, stageId: string) => b.columns.find((c) => c.stageId === stageId);
    expect(column(board, proposta.id)).toMatchObject({ count: 1, totalCents: 300_000 });
    expect(column(board, proposta.id)?.deals.map((d) => d.title)).toEqual(["Aberta em proposta"]);
    expect(board.columns.flatMap((c) => c.deals).every((d) => d.outcome === "open")).toBe(true);
    // Em aberto is the sum of the columns' totals; the forecast weighs the same deals.
    expect(board.openTotalCents).toBe(board.columns.reduce((sum, c) => sum + c.totalCents, 0));
    expect(board.openTotalCents).toBe(400_000);
    const forecast = board.columns.reduce((sum, c) => {
      const probability = stages.find((s) => s.id === c.stageId)?.winProbability ?? 0;
      return sum + Math.round((c.totalCents * probability) / 100);
    }, 0);
    expect(board.forecastCents).toBe(forecast);
    expect(board.forecastCents).toBe(10_000 + 150_000);
    const nextPage = await own<DealsPage>(`/api/crm/board/stages/${proposta.id}`);
    expect(nextPage.body.deals.map((d) => d.title)).toEqual(["Aberta em proposta"]);

    const wonBoard = (await own<Board>("/api/crm/board?outcome=won")).body;
    expect(column(wonBoard, proposta.id)).toMatchObject({ count: 1, totalCents: 5_000_000 });
    expect(wonBoard.columns.flatMap((c) => c.deals).map((d) => d.title)).toEqual(["Ganha em proposta"]);
    expect(wonBoard).toMatchObject({ openTotalCents: 0, forecastCents: 0 });
    const lostBoard = (await own<Board>("/api/crm/board?outcome=lost")).body;
    expect(lostBoard.columns.flatMap((c) => c.deals).map((d) => d.title)).toEqual(["Perdida em proposta"]);
    const lostPage = await own<DealsPage>(`/api/crm/board/stages/${proposta.id}?outcome=lost`);
    expect(lostPage.body.deals.map((d) => d.title)).toEqual(["Perdida em proposta"]);

    // The list keeps every outcome unless one is asked for.
    const list = (await own<DealsPage>("/api/crm/deals")).body.deals.map((d) => d.title);
    expect(list).toHaveLength(4);
    expect(list).toEqual(expect.arrayContaining(["Ganha em proposta", "Perdida em proposta"]));
    const wonList = (await own<DealsPage>("/api/crm/deals?outcome=won")).body.deals.map((d) => d.title);
    expect(wonList).toEqual(["Ganha em proposta"]);

    // The report's funnel by stage and by owner counts the board's deals; closed ones are counted apart.
    const today = new Date().toISOString().slice(0, 10);
    const report = (await own<CrmReport>(`/api/crm/reports?from=2020-01-01&to=${today}`)).body;
    expect(report.pipelineName).toBe(board.pipeline.name);
    expect(report.stages.map((s) => [s.stageId, s.openCount, s.openCents])).toEqual(
      board.columns.map((c) => [c.stageId, c.count, c.totalCents]),
    );
    expect(report.owners.reduce((sum, o) => sum + o.openCents, 0)).toBe(board.openTotalCents);
    expect(report).toMatchObject({ won: 1, lost: 1, winRatePct: 50, averageWonCents: 5_000_000 });
    // Reached: deals created in the period now in this stage or a later one, whatever their outcome.
    expect(report.stages.map((s) => s.reached)).toEqual([4, 3, 3, 0, 0]);
  });
});
