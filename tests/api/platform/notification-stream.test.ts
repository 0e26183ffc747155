import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "#server/db/client.ts";
import { withTenant } from "#server/db/tenant.ts";
import { notifyUsers } from "#server/notifications/notify-users.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// Live notifications: Server-Sent Events woken by LISTEN/NOTIFY (PostgreSQL) or in process (PGlite).
let t: TestApp;
let agency: string;
let other: string;
type Member = { id: string; cookie: string };
let actor: Member;
let reader: Member;
let outsider: Member;
let colleague: Member;
/** Statements sent while counting (null: not counting). */
let sent: string[] | null = null;

type SseEvent = { event: string; id?: string; data: string };

/** Reads SSE events from a streaming answer until `until` says stop or the time runs out. */
async function readEvents(response: Response, until: (events: SseEvent[]) => boolean, ms = 5_000) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const events: SseEvent[] = [];
  let buffer = "";
  const deadline = Date.now() + ms;
  while (!until(events) && Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
    ]);
    if (!chunk || chunk.done) break;
    buffer += new TextDecoder().decode(chunk.value);
    const blocks = buffer.split("\n\n");
    buffer = blocks.pop() ?? "";
    for (const block of blocks) {
      const event: SseEvent = { event: "message", data: "" };
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) event.event = line.slice(7);
        else if (line.startsWith("id: ")) event.id = line.slice(4);
        else if (line.startsWith("data: ")) event.data += line.slice(6);
      }
      if (block.trim() && !block.startsWith(":")) events.push(event);
    }
  }
  await reader.cancel();
  return events;
}

const notify = (title: string, userIds: string[], agencyId = agency, by = actor.id) =>
  withTenant(t.database, { userId: by, agencyId, isSuperAdmin: false }, (tx: Tx) =>
    notifyUsers(tx, { agencyId, userIds, kind: "mentioned", title, actorId: by }),
  );
const open = (who: Member, lastEventId?: string) =>
  t.request("/api/notifications/stream", {
    cookie: who.cookie,
    headers: lastEventId ? { "last-event-id": lastEventId } : {},
  });
const titles = (events: SseEvent[]) =>
  events.filter((e) => e.event === "notification").map((e) => (JSON.parse(e.data) as { title: string }).title);

beforeAll(async () => {
  t = await createTestApp({ onQuery: (text) => sent?.push(text) });
  agency = (await createAgency(t.database.owner, { name: "Agência Ao Vivo" })).id;
  other = (await createAgency(t.database.owner, { name: "Outra Ao Vivo" })).id;
  actor = await signedInAs(t, "ator@aovivo.com", "agency_manager", agency);
  reader = await signedInAs(t, "leitor@aovivo.com", "team_designer", agency);
  outsider = await signedInAs(t, "fora@aovivo.com", "agency_manager", other);
  colleague = await signedInAs(t, "colega@aovivo.com", "team_copywriter", agency);
});
afterAll(() => t.close());

describe("notification stream", () => {
  it("delivers a notification committed after connecting, to its recipient only", async () => {
    const mine = await open(reader);
    const theirs = await open(outsider);
    expect(mine.headers.get("content-type")).toMatch(/text\/event-stream/);
    setTimeout(() => void notify("Você foi mencionado", [reader.id]), 300);
    const events = await readEvents(mine, (list) => titles(list).length > 0 && list.at(-1)?.event === "unread");
    expect(titles(events)).toEqual(["Você foi mencionado"]);
    expect(events.filter((e) => e.event === "unread").at(-1)?.data).toBe(JSON.stringify({ count: 1 }));
    expect(titles(await readEvents(theirs, () => false, 800))).toEqual([]);
  });

  it("replays what was missed after Last-Event-ID, and frees the subscription on disconnect", async () => {
    const first = await open(reader);
    setTimeout(() => void notify("Primeira", [reader.id]), 300);
    const seen = await readEvents(first, (list) => titles(list).length > 0);
    const lastId = seen.find((e) => e.event === "notification")?.id as string;
    for (let i = 0; i < 20 && t.deps.notifications.size() > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(t.deps.notifications.size()).toBe(0);
    if (t.database.kind === "postgres") {
      // The last stream gone, the server's one LISTEN connection is closed too.
      const listening = () =>
        queryRows<{ n: number }>(
          t.database.owner,
          sql`select count(*)::int as n from pg_stat_activity
               where datname = current_database() and query ilike 'LISTEN%nexo_notifications%'`,
        ).then((rows) => rows[0].n);
      for (let i = 0; i < 20 && (await listening()) > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await listening()).toBe(0);
    }

    await notify("Segunda", [reader.id]);
    await notify("Terceira", [reader.id]);
    const again = await open(reader, lastId);
    expect(titles(await readEvents(again, (list) => titles(list).length >= 2))).toEqual(["Segunda", "Terceira"]);
  });

  it("frees the subscription of a client that left before its stream had started", async () => {
    const gone = await open(colleague);
    await gone.body?.cancel();
    for (let i = 0; i < 30 && t.deps.notifications.size() > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Time for a late subscription to show up had the stream missed the client leaving.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.deps.notifications.size()).toBe(0);
  });

  it("wakes the agency's streams on this server with one read, each sent only its own user's notifications", async () => {
    const [mine, mineAgain, hers] = [await open(reader), await open(reader), await open(colleague)];
    await new Promise((resolve) => setTimeout(resolve, 500)); // each stream's first read (unread count) is done
    sent = [];
    await notify("Para os dois", [reader.id, colleague.id]);
    setTimeout(() => void notify("Só do leitor", [reader.id]), 800);
    const untilTitles = (n: number) => (list: SseEvent[]) =>
      titles(list).length >= n && list.at(-1)?.event === "unread";
    const [first, second, third] = await Promise.all([
      readEvents(mine, untilTitles(2)),
      readEvents(mineAgain, untilTitles(2)),
      readEvents(hers, () => false, 2_000),
    ]);
    const reads = sent.filter((text) => text.includes("nexo_notification_stream_updates")).length;
    sent = null;
    expect([first, second, third].map(titles)).toEqual([
      ["Para os dois", "Só do leitor"],
      ["Para os dois", "Só do leitor"],
      ["Para os dois"],
    ]);
    // One change, one read for its three streams; the second change woke only the reader's two.
    expect(reads).toBe(2);
  });

  it("refuses a caller without a session", async () => {
    expect((await t.request("/api/notifications/stream")).status).toBe(401);
  });
});
