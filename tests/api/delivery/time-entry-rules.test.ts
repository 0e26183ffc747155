import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateInZone } from "#domain/calendar-date.ts";
import type { HoursReport, Timesheet } from "#domain/schemas/time-entries.ts";
import { queryRows } from "#server/db/client.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { countRows, type DeliveryFixture, deliveryFixture, designersProject, json, send } from "./delivery-fixture.ts";

let t: TestApp;
let f: DeliveryFixture;
let projectId: string;
beforeAll(async () => {
  f = await deliveryFixture();
  t = f.t;
  const { manager, designer } = f.people;
  projectId = await designersProject(f, "Horas");
  await json(await send(t, manager.cookie, "/api/time/rates", { userId: designer.id, rateCents: 6000 }, "PUT"));
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const entriesOf = (userId: string) => countRows(t, sql`select 1 from time_entries where user_id = ${userId}`);
const start = (cookie: string) =>
  send(t, cookie, "/api/time/timer/start", { projectId }).then((r) => json<{ id: string }>(r, 201));
const stop = (cookie: string) =>
  send(t, cookie, "/api/time/timer/stop", {}).then((r) => json<{ id: string; message: string }>(r));
/** The running entry as if started `ms` ago. */
const backdate = (id: string, ms: number) =>
  t.database.owner.execute(sql`update time_entries set started_at = ${ago(ms)} where id = ${id}`);

describe("hourly rates", () => {
  it("are audited: who set whose rate, to what", async () => {
    const { manager, designer } = f.people;
    const [row] = await queryRows<{ user_id: string; details: { rateCents: number } }>(
      t.database.owner,
      sql`select user_id, details from audit_logs
           where resource_type = 'user_hourly_rates' and action = 'update' and resource_id = ${designer.id}`,
    );
    expect(row).toEqual({ user_id: manager.id, details: { rateCents: 6000 } });
  });
});

describe("the timer (outside QA, delivery #12)", () => {
  it("drops a run under a minute (a double click, a stop right away) and says so", async () => {
    const { pm } = f.people;
    await json(
      await send(
        t,
        f.people.manager.cookie,
        `/api/projects/${projectId}`,
        { memberIds: [f.people.designer.id, pm.id] },
        "PATCH",
      ),
    );
    await start(pm.cookie);
    await start(pm.cookie); // the double click: the first run is dropped, the second runs
    expect(await countRows(t, sql`select 1 from time_entries where user_id = ${pm.id} and ended_at is null`)).toBe(1);
    const stopped = await stop(pm.cookie);
    expect(stopped.message).toBe("Cronômetro parado com menos de 1 minuto: nada foi lançado.");
    expect(await entriesOf(pm.id)).toBe(0);
    expect((await send(t, pm.cookie, "/api/time/timer/stop", {})).status).toBe(404);
  });

  it("records whole minutes, so the hours and the money come from one duration", async () => {
    const { designer } = f.people;
    const { id } = await start(designer.cookie);
    await backdate(id, 10 * 60_000 + 40_000); // 10 min 40 s: 11 minutes
    expect((await stop(designer.cookie)).message).toBe("Cronômetro parado.");
    const [row] = await queryRows<{ seconds: number; rate_cents: string }>(
      t.database.owner,
      sql`select extract(epoch from ended_at - started_at)::float8 as seconds, rate_cents::text from time_entries where id = ${id}`,
    );
    expect(row).toEqual({ seconds: 660, rate_cents: "6000" });
    // The report reads dates in the agency's zone: just after midnight UTC it is still yesterday there.
    const today = dateInZone(new Date(), "America/Sao_Paulo");
    const report = await json<HoursReport>(
      await send(t, designer.cookie, `/api/time/report?from=${today}&to=${today}&groupBy=person`),
    );
    // R$ 60,00 an hour for 11 minutes: R$ 11,00.
    expect(report.rows).toEqual([expect.objectContaining({ minutes: 11, billableMinutes: 11, amountCents: 1100 })]);
  });

  it("a stopped run of a day or more is capped at 24 h", async () => {
    const { designer } = f.people;
    const { id } = await start(designer.cookie);
    await backdate(id, 30 * HOUR);
    await stop(designer.cookie);
    const [row] = await queryRows<{ seconds: number }>(
      t.database.owner,
      sql`select extract(epoch from ended_at - started_at)::float8 as seconds from time_entries where id = ${id}`,
    );
    expect(row.seconds).toBe(24 * 3600);
  });
});

describe("manual entries (outside QA, delivery #15)", () => {
  const entry = (cookie: string, body: object) => send(t, cookie, "/api/time/entries", { projectId, ...body });

  it("accept back-to-back entries of one person and the same hour of two people", async () => {
    const { designer, manager } = f.people;
    const nine = "2026-11-17T12:00:00Z";
    await json(await entry(designer.cookie, { startedAt: nine, durationMinutes: 60 }), 201);
    await json(await entry(designer.cookie, { startedAt: "2026-11-17T13:00:00Z", durationMinutes: 30 }), 201);
    await json(await entry(manager.cookie, { startedAt: nine, durationMinutes: 60 }), 201);
    const sheet = await json<Timesheet>(await send(t, designer.cookie, "/api/time/timesheet?week=2026-11-16"));
    expect(sheet.totalMinutes).toBe(90);
  });

  it("accept an entry that ended a moment ago", async () => {
    const { manager } = f.people;
    await json(await entry(manager.cookie, { startedAt: ago(2 * HOUR), durationMinutes: 119 }), 201);
  });
});
