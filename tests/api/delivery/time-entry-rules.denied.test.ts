import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "#tests/support/test-app.ts";
import { countRows, type DeliveryFixture, deliveryFixture, designersProject, json, send } from "./delivery-fixture.ts";

let t: TestApp;
let f: DeliveryFixture;
let projectId: string;
beforeAll(async () => {
  f = await deliveryFixture();
  t = f.t;
  projectId = await designersProject(f, "Recusas de horas");
});
afterAll(() => t.close());

const FUTURE = "Não é possível lançar horas no futuro.";
const OVERLAP = "Já existe um lançamento nesse horário: as horas seriam contadas duas vezes.";
const entry = (cookie: string, body: object) => send(t, cookie, "/api/time/entries", { projectId, ...body });
const entriesOf = (userId: string) => countRows(t, sql`select 1 from time_entries where user_id = ${userId}`);

async function expectRefused(answer: Response, status: number, message: string) {
  expect(answer.status).toBe(status);
  expect((await answer.json()).error.message).toBe(message);
}

describe("time entries refused (outside QA, delivery #15)", () => {
  it("in the future: starting months ahead, or ending after now (400)", async () => {
    const { designer } = f.people;
    const nextYear = new Date(Date.now() + 200 * 86_400_000).toISOString();
    await expectRefused(await entry(designer.cookie, { startedAt: nextYear, durationMinutes: 60 }), 400, FUTURE);
    const halfHourAgo = new Date(Date.now() - 30 * 60_000).toISOString();
    await expectRefused(await entry(designer.cookie, { startedAt: halfHourAgo, durationMinutes: 60 }), 400, FUTURE);
    expect(await entriesOf(designer.id)).toBe(0);
  });

  it("overlapping the same person's entry (409), on create and on a change of times", async () => {
    const { designer } = f.people;
    await json(await entry(designer.cookie, { startedAt: "2026-11-24T12:00:00Z", durationMinutes: 60 }), 201);
    await expectRefused(
      await entry(designer.cookie, { startedAt: "2026-11-24T12:00:00Z", durationMinutes: 60 }),
      409,
      OVERLAP,
    );
    await expectRefused(
      await entry(designer.cookie, { startedAt: "2026-11-24T12:59:00Z", durationMinutes: 5 }),
      409,
      OVERLAP,
    );
    await expectRefused(
      await entry(designer.cookie, { startedAt: "2026-11-24T11:00:00Z", endedAt: "2026-11-24T14:00:00Z" }),
      409,
      OVERLAP,
    );
    const { id } = await json<{ id: string }>(
      await entry(designer.cookie, { startedAt: "2026-11-24T14:00:00Z", durationMinutes: 30 }),
      201,
    );
    await expectRefused(
      await send(t, designer.cookie, `/api/time/entries/${id}`, { startedAt: "2026-11-24T12:30:00Z" }, "PATCH"),
      409,
      OVERLAP,
    );
    await expectRefused(
      await send(t, designer.cookie, `/api/time/entries/${id}`, { endedAt: "2099-01-01T00:00:00Z" }, "PATCH"),
      400,
      "Um lançamento não pode passar de 24 horas.",
    );
    expect(await entriesOf(designer.id)).toBe(2);
  });

  it("overlapping the running timer", async () => {
    const { designer } = f.people;
    await json(await send(t, designer.cookie, "/api/time/timer/start", { projectId }), 201);
    await t.database.owner.execute(
      sql`update time_entries set started_at = now() - interval '3 hours' where user_id = ${designer.id} and ended_at is null`,
    );
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await expectRefused(await entry(designer.cookie, { startedAt: hourAgo, durationMinutes: 30 }), 409, OVERLAP);
    await json(await send(t, designer.cookie, "/api/time/timer/stop", {}));
  });

  it("parallel identical entries of one person: one is saved", async () => {
    const { copywriter, manager } = f.people;
    await json(
      await send(
        t,
        manager.cookie,
        `/api/projects/${projectId}`,
        { memberIds: [f.people.designer.id, copywriter.id] },
        "PATCH",
      ),
    );
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => entry(copywriter.cookie, { startedAt: "2026-11-25T12:00:00Z", durationMinutes: 45 })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await entriesOf(copywriter.id)).toBe(1);
  });
});

describe("hourly rates, denied (outside QA, delivery #14)", () => {
  it("a designer setting her own rate gets 403 with the rates' message, not the approval one", async () => {
    const { designer } = f.people;
    await expectRefused(
      await send(t, designer.cookie, "/api/time/rates", { userId: designer.id, rateCents: 99999 }, "PUT"),
      403,
      "Só quem gerencia as horas de toda a agência define o valor/hora.",
    );
    expect(await countRows(t, sql`select 1 from user_hourly_rates where user_id = ${designer.id}`)).toBe(0);
  });
});
