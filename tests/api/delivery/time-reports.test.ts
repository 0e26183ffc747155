import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HoursReport, Timesheet } from "#domain/schemas/time-entries.ts";
import { mondayOf } from "#server/features/time-tracking/timesheet.ts";
import { deliveryFixture, json, send } from "./delivery-fixture.ts";

let f: Awaited<ReturnType<typeof deliveryFixture>>;
let campaign: string;
let site: string;
beforeAll(async () => {
  f = await deliveryFixture();
  const { manager, designer } = f.people;
  const project = async (name: string) =>
    (
      await json<{ id: string }>(
        await send(f.t, manager.cookie, "/api/projects", { name, memberIds: [designer.id, manager.id] }),
        201,
      )
    ).id;
  campaign = await project("Campanha de inverno");
  site = await project("Site institucional");
  // No project rate: each person's own rate is in force.
  await json(await send(f.t, manager.cookie, "/api/time/rates", { userId: designer.id, rateCents: 9000 }, "PUT"));
  await json(await send(f.t, manager.cookie, "/api/time/rates", { userId: manager.id, rateCents: 12000 }, "PUT"));
  const entry = (cookie: string, body: Record<string, unknown>) =>
    send(f.t, cookie, "/api/time/entries", body).then((response) => json(response, 201));
  await entry(designer.cookie, {
    projectId: campaign,
    startedAt: "2026-03-10T13:00:00Z",
    endedAt: "2026-03-10T15:00:00Z",
  });
  await entry(designer.cookie, {
    projectId: campaign,
    startedAt: "2026-03-11T13:00:00Z",
    endedAt: "2026-03-11T14:00:00Z",
    billable: false,
  });
  await entry(manager.cookie, {
    projectId: campaign,
    startedAt: "2026-03-12T13:00:00Z",
    endedAt: "2026-03-12T14:30:00Z",
  });
  // 23:00 to midnight of 31 March in São Paulo (the agency's timezone), already April in UTC.
  await entry(designer.cookie, { projectId: site, startedAt: "2026-04-01T02:00:00Z", endedAt: "2026-04-01T03:00:00Z" });
});
afterAll(() => f.t.close());

const report = async (cookie: string, query: string) =>
  (await json<HoursReport>(await send(f.t, cookie, `/api/time/report?${query}`))).rows;
const march = "from=2026-03-01&to=2026-03-31";

describe("hours report", () => {
  it("sums minutes, billable minutes and the amount at each person's rate, per project", async () => {
    const rows = await report(f.people.manager.cookie, `${march}&groupBy=project`);
    expect(rows).toEqual([
      expect.objectContaining({ key: campaign, minutes: 270, billableMinutes: 210, amountCents: 36000 }),
      expect.objectContaining({ key: site, minutes: 60, billableMinutes: 60, amountCents: 9000 }),
    ]);
  });

  it("per person and per client, with the period's days in the agency's timezone", async () => {
    const { manager, designer } = f.people;
    expect(await report(manager.cookie, `${march}&groupBy=person`)).toEqual([
      expect.objectContaining({ key: designer.id, minutes: 240, billableMinutes: 180, amountCents: 27000 }),
      expect.objectContaining({ key: manager.id, minutes: 90, billableMinutes: 90, amountCents: 18000 }),
    ]);
    expect(await report(manager.cookie, `${march}&groupBy=client`)).toEqual([
      expect.objectContaining({ key: "", label: "Sem cliente", minutes: 330, amountCents: 45000 }),
    ]);
    expect(await report(manager.cookie, "from=2026-04-01&to=2026-04-30&groupBy=project")).toEqual([]);
  });

  it("holds only the caller's own time for a role that sees its own", async () => {
    const rows = await report(f.people.designer.cookie, `${march}&groupBy=project`);
    expect(rows).toEqual([
      expect.objectContaining({ key: campaign, minutes: 180, billableMinutes: 120, amountCents: 18000 }),
      expect.objectContaining({ key: site, minutes: 60, amountCents: 9000 }),
    ]);
  });
});

describe("weekly timesheet", () => {
  it("puts each entry on its day in the agency's timezone", async () => {
    const sheet = await json<Timesheet>(
      await send(f.t, f.people.designer.cookie, "/api/time/timesheet?week=2026-03-30"),
    );
    expect(sheet.week).toBe("2026-03-30");
    expect(sheet.days.map((d) => d.minutes)).toEqual([0, 60, 0, 0, 0, 0, 0]);
    expect(sheet.entries).toEqual([
      expect.objectContaining({ projectId: site, projectName: "Site institucional", minutes: 60, rateCents: 9000 }),
    ]);
  });

  it("without a week, is this week in the agency's timezone, the running timer counted until now", async () => {
    const { designer } = f.people;
    await json(await send(f.t, designer.cookie, "/api/time/timer/start", { projectId: campaign }), 201);
    const sheet = await json<Timesheet>(await send(f.t, designer.cookie, "/api/time/timesheet"));
    await json(await send(f.t, designer.cookie, "/api/time/timer/stop", {}));
    expect(sheet.week).toBe(mondayOf(new Date(), "America/Sao_Paulo"));
    expect(sheet.entries).toEqual([expect.objectContaining({ projectId: campaign, endedAt: null })]);
    expect(sheet.userId).toBe(designer.id);
  });

  it("of another person, for a manager; the days total what the entries add up to", async () => {
    const { manager, designer } = f.people;
    const sheet = await json<Timesheet>(
      await send(f.t, manager.cookie, `/api/time/timesheet?week=2026-03-09&userId=${designer.id}`),
    );
    expect(sheet.days.map((d) => d.minutes)).toEqual([0, 120, 60, 0, 0, 0, 0]);
    expect(sheet.totalMinutes).toBe(180);
    expect(sheet.entries.map((e) => e.billable)).toEqual([true, false]);
  });
});
