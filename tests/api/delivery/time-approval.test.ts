import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TimesheetView } from "#domain/schemas/time-entries.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { deliveryFixture, json, send } from "./delivery-fixture.ts";

let t: TestApp;
let f: Awaited<ReturnType<typeof deliveryFixture>>;
beforeAll(async () => {
  f = await deliveryFixture();
  t = f.t;
});
afterAll(() => t.close());

const WEEK = "2026-03-16";
const created = async (response: Response) => (await json<{ id: string }>(response, 201)).id;

describe("approving a team member's week", () => {
  it("lets a manager open a person's week and approve it, as the page offers (outside QA, delivery #3)", async () => {
    const { manager, pm, copywriter } = f.people;
    const projectId = await created(
      await send(t, manager.cookie, "/api/projects", { name: "Semana da equipe", memberIds: [copywriter.id] }),
    );
    const entryId = await created(
      await send(t, copywriter.cookie, "/api/time/entries", {
        projectId,
        startedAt: "2026-03-17T13:00:00Z",
        durationMinutes: 90,
      }),
    );
    const sheet = await json<TimesheetView>(
      await send(t, pm.cookie, `/api/time/timesheet?week=${WEEK}&userId=${copywriter.id}`),
    );
    expect(sheet).toMatchObject({ userId: copywriter.id, totalMinutes: 90, canChoosePerson: true, canApprove: true });
    expect(sheet.entries.map((entry) => entry.id)).toEqual([entryId]);
    await json(await send(t, pm.cookie, "/api/time/entries/approve", { entryIds: [entryId] }));
    const after = await json<TimesheetView>(
      await send(t, manager.cookie, `/api/time/timesheet?week=${WEEK}&userId=${copywriter.id}`),
    );
    expect(after.entries[0].approvedAt).not.toBeNull();
  });

  it("offers a team role neither a person nor the approval, and the server agrees (outside QA, delivery #4)", async () => {
    const { designer, copywriter } = f.people;
    // The designer owns the project; its teammate's hours are still not the designer's to approve.
    const projectId = await created(
      await send(t, designer.cookie, "/api/projects", {
        name: "Projeto da designer",
        ownerId: designer.id,
        memberIds: [designer.id, copywriter.id],
      }),
    );
    const own = await created(
      await send(t, designer.cookie, "/api/time/entries", {
        projectId,
        startedAt: "2026-03-18T13:00:00Z",
        durationMinutes: 30,
      }),
    );
    const teammates = await created(
      await send(t, copywriter.cookie, "/api/time/entries", {
        projectId,
        startedAt: "2026-03-18T15:00:00Z",
        durationMinutes: 30,
      }),
    );
    const sheet = await json<TimesheetView>(await send(t, designer.cookie, `/api/time/timesheet?week=${WEEK}`));
    expect(sheet).toMatchObject({ userId: designer.id, canChoosePerson: false, canApprove: false });
    for (const entryIds of [[own], [teammates]]) {
      const refused = await send(t, designer.cookie, "/api/time/entries/approve", { entryIds });
      expect(refused.status).toBe(403);
      expect((await refused.json()).error.message).toBe("Só o gestor do projeto aprova estas horas.");
    }
    expect((await send(t, designer.cookie, `/api/time/timesheet?userId=${copywriter.id}`)).status).toBe(404);
  });
});
