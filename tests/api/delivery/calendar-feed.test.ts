import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, dateInZone } from "#domain/calendar-date.ts";
import { icalEvents, utcInstant } from "#tests/support/ical-events.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { countRows, deliveryFixture, json, send } from "./delivery-fixture.ts";

let t: TestApp;
let f: Awaited<ReturnType<typeof deliveryFixture>>;
beforeAll(async () => {
  f = await deliveryFixture();
  t = f.t;
});
afterAll(() => t.close());

const created = async (response: Response) => (await json<{ id: string }>(response, 201)).id;

describe("iCalendar feed", () => {
  it("places a meeting at its instant and a due date on its São Paulo day (outside QA, delivery #2)", async () => {
    const { manager, designer } = f.people;
    // São Paulo keeps UTC−3 all year (no summer time since 2019).
    const day = addDays(dateInZone(new Date(), "America/Sao_Paulo"), 10);
    const projectId = await created(await send(t, manager.cookie, "/api/projects", { name: "Feed" }));
    const meetingId = await created(
      await send(t, manager.cookie, "/api/calendar/meetings", {
        title: "Reunião das 10h",
        startsAt: `${day}T10:00:00-03:00`,
        endsAt: `${day}T11:00:00-03:00`,
        attendeeIds: [designer.id],
        projectId,
      }),
    );
    // 23:30 in São Paulo is already the next day in UTC: the feed must keep it on the agency's day.
    const taskId = await created(
      await send(t, manager.cookie, "/api/tasks", {
        projectId,
        title: "Entrega à noite",
        dueDate: `${day}T23:30:00-03:00`,
        assigneeIds: [designer.id],
      }),
    );
    const { url } = await json<{ url: string }>(await send(t, designer.cookie, "/api/calendar/feed", {}), 201);
    const feed = await t.request(new URL(url).pathname);
    expect(feed.status).toBe(200);
    const events = icalEvents(await feed.text());

    const meeting = events.find((event) => event.UID?.value === `meeting-${meetingId}@nexo`);
    expect(meeting && utcInstant(meeting.DTSTART).toISOString()).toBe(new Date(`${day}T13:00:00Z`).toISOString());
    expect(meeting && utcInstant(meeting.DTEND).toISOString()).toBe(new Date(`${day}T14:00:00Z`).toISOString());

    const due = events.find((event) => event.UID?.value === `task-${taskId}@nexo`);
    expect(due?.DTSTART).toEqual({ params: { VALUE: "DATE" }, value: day.replaceAll("-", "") });
    expect(due?.DTEND).toBeUndefined();
  });

  it("a link made, replaced and revoked is audited each time (the link reads the calendar without a session)", async () => {
    const { designer } = f.people;
    const audited = (action: string) =>
      countRows(
        t,
        sql`select 1 from audit_logs
             where resource_type = 'calendar_feeds' and resource_id = ${designer.id} and action = ${action}
               and user_id = ${designer.id}`,
      );
    const createdBefore = await audited("create");
    const { url: first } = await json<{ url: string }>(await send(t, designer.cookie, "/api/calendar/feed", {}), 201);
    const { url: second } = await json<{ url: string }>(await send(t, designer.cookie, "/api/calendar/feed", {}), 201);
    expect(second).not.toBe(first);
    expect((await t.request(new URL(first).pathname)).status).toBe(404);
    expect(await audited("create")).toBe(createdBefore + 2);

    const revokedBefore = await audited("delete");
    await json(await send(t, designer.cookie, "/api/calendar/feed", undefined, "DELETE"));
    expect((await t.request(new URL(second).pathname)).status).toBe(404);
    expect(await audited("delete")).toBe(revokedBefore + 1);
    // Revoking again finds no link: nothing changes, nothing is audited.
    await json(await send(t, designer.cookie, "/api/calendar/feed", undefined, "DELETE"));
    expect(await audited("delete")).toBe(revokedBefore + 1);
  });
});
