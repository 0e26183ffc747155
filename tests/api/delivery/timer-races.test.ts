import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "#tests/support/test-app.ts";
import { countRows, deliveryFixture, json, send } from "./delivery-fixture.ts";

let t: TestApp;
let f: Awaited<ReturnType<typeof deliveryFixture>>;
beforeAll(async () => {
  f = await deliveryFixture();
  t = f.t;
});
afterAll(() => t.close());

describe("the timer raced from two devices", () => {
  it("answers starts and stops in any interleaving with success, 409 or 404 (never a 500) and keeps one running", async () => {
    const { designer, manager } = f.people;
    const { id: projectId } = await json<{ id: string }>(
      await send(t, manager.cookie, "/api/projects", { name: "Corrida", memberIds: [designer.id] }),
      201,
    );
    const start = () => send(t, designer.cookie, "/api/time/timer/start", { projectId });
    const stop = () => send(t, designer.cookie, "/api/time/timer/stop", {});
    const statuses = new Set<number>();
    for (let round = 0; round < 8; round++) {
      const answers = await Promise.all([start(), start(), stop(), start(), stop()]);
      for (const answer of answers) statuses.add(answer.status);
      const running = await countRows(
        t,
        sql`select 1 from time_entries where user_id = ${designer.id} and ended_at is null`,
      );
      expect(running).toBeLessThanOrEqual(1);
    }
    expect([...statuses].filter((status) => ![200, 201, 404, 409].includes(status))).toEqual([]);
  });
});
