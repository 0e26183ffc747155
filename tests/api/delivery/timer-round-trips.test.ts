import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryFixture, json, send } from "./delivery-fixture.ts";

let sent: string[] | null = null;
let f: Awaited<ReturnType<typeof deliveryFixture>>;
beforeAll(async () => {
  f = await deliveryFixture({ onQuery: (text) => sent?.push(text) });
});
afterAll(() => f.t.close());

/** Sessions read by the timer's requests (each reuses the one found before: issue 17's timer). */
let sessionReads = 0;

/** The statements one request sends, beyond the session's own (resolve and activity touch). */
async function timerStatements(path: string, body: unknown, status: number): Promise<string[]> {
  sent = [];
  await json(await send(f.t, f.people.designer.cookie, path, body), status);
  sessionReads += sent.filter((text) => /app_session_state/.test(text)).length;
  const ours = sent.filter((text) => !/app_session_state|app_touch_session/.test(text));
  sent = null;
  return ours;
}

describe("the timer under load", () => {
  it("starts and stops in one round trip each: context and statement in one message, no BEGIN or COMMIT", async () => {
    const { designer, manager } = f.people;
    const { id: projectId } = await json<{ id: string }>(
      await send(f.t, manager.cookie, "/api/projects", { name: "Cronômetro", memberIds: [designer.id] }),
      201,
    );
    for (let round = 0; round < 2; round++) {
      const start = await timerStatements("/api/time/timer/start", { projectId }, 201);
      expect(start).toHaveLength(1);
      expect(start[0]).toMatch(/nexo_enter_tenant_write.*nexo_timer_start/s);
      const stop = await timerStatements("/api/time/timer/stop", {}, 200);
      expect(stop).toHaveLength(1);
      expect(stop[0]).toMatch(/nexo_enter_tenant_write.*nexo_timer_stop/s);
    }
    // The first start reads the session; the other three prove it in their own message.
    expect(sessionReads).toBe(1);
  });
});
