import os from "node:os";
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "#server/db/client.ts";
import { BENCH_MANAGER_EMAIL, PORTS } from "./config.ts";
import { signIn } from "./http-load.ts";
import { benchUuid } from "./scale-data.ts";
import { startAppServer } from "./server-process.ts";
import { percentile } from "./stats.ts";

/** Issue 15: 200 SSE clients of one agency on server B; the change is made on server A. */
const CLIENTS = 200;
/** People of the agency besides its manager (streams are spread over them, as tabs). */
const MEMBERS = 80;
/** Clients of another agency, connected beside them: they must hear nothing. */
const OTHER_AGENCY_CLIENTS = 20;
const ROUNDS = 5;
/** A client not reached this long after the change counts as lost. */
const WAIT_MS = 10_000;

export type FanoutResult = {
  clients: number;
  users: number;
  otherAgencyClients: number;
  rounds: number;
  deliveries: number;
  missed: number;
  /** Notification events that reached a client of the other agency (must be 0). */
  leakedToOtherAgency: number;
  /** Median time server A took to answer the change (its transaction committed by then). */
  changeAnsweredMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  loadAverage: number[];
};

type Client = { events: Array<{ kind: string; at: number }>; close(): void };

/** One EventSource-like reader of /api/notifications/stream: records each notification event's arrival. */
async function connect(url: string, cookie: string): Promise<Client> {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/notifications/stream`, { headers: { cookie }, signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`);
  const client: Client = { events: [], close: () => controller.abort() };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let opened = () => {};
  const ready = new Promise<void>((resolve) => {
    opened = resolve;
  });
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        const blocks = buffer.split("\n\n");
        buffer = blocks.pop() ?? "";
        for (const block of blocks) {
          if (block.startsWith("event: unread")) opened(); // the first unread event: subscribed
          if (!block.startsWith("event: notification")) continue;
          const data = block.split("\n").find((line) => line.startsWith("data: "));
          const { kind } = JSON.parse(data?.slice(6) ?? "{}") as { kind: string };
          client.events.push({ kind, at: performance.now() });
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  await ready;
  return client;
}

async function emailsOfAgency(database: Database, agencyNumber: number, limit: number): Promise<Member[]> {
  return queryRows<Member>(
    database.owner,
    sql`select u.id, u.email from "user" u join profiles p on p.id = u.id
         where p.agency_id = ${benchUuid("agency", agencyNumber)} and u.email <> ${BENCH_MANAGER_EMAIL}
         order by u.email limit ${limit}`,
  );
}

type Member = { id: string; email: string };

/**
 * A new agency of MEMBERS people and a manager for this run, signing in with the bench password
 * (bulk user 1's hash). Generated bulk ids are md5 values, not RFC 4122 uuids, which the meeting
 * form's attendee list refuses; these members get real ones.
 */
async function createFanoutAgency(database: Database): Promise<{ manager: Member; members: Member[] }> {
  const tag = Date.now().toString(36);
  const db = database.owner;
  const [agency] = await queryRows<{ id: string }>(
    db,
    sql`insert into agencies (name, slug, contact_email, max_users)
        values (${`Agência Fan-out ${tag}`}, ${`fanout-${tag}`}, ${`fanout-${tag}@bench.example.com`}, 500) returning id`,
  );
  const users = await queryRows<Member & { n: number }>(
    db,
    sql`insert into "user" (id, name, email, email_verified, first_name, last_name)
        select gen_random_uuid(), 'Ouvinte ' || n, 'fanout-' || ${tag} || '-' || n || '@bench.example.com', true, 'Ouvinte', n::text
          from generate_series(0, ${MEMBERS}) n
        returning id, email, last_name::int as n`,
  );
  const ours = sql`(select id from "user" where email like ${`fanout-${tag}-%`})`;
  const managerId = users.find((u) => u.n === 0)?.id as string;
  await db.execute(sql`update profiles set agency_id = ${agency.id} where id in ${ours}`);
  await db.execute(
    sql`update user_roles set role = case when user_id = ${managerId} then 'agency_manager' else 'team_designer' end
         where user_id in ${ours}`,
  );
  await db.execute(
    sql`insert into account (account_id, provider_id, user_id, password)
        select u.id::text, 'credential', u.id, (select password from account where user_id = ${benchUuid("user", 1)} limit 1)
          from "user" u where u.id in ${ours}`,
  );
  const members = users.filter((u) => u.n !== 0).map(({ id, email }) => ({ id, email }));
  return { manager: users.find((u) => u.n === 0) as Member, members };
}

/** Signs each user in once (argon2 on the server) and opens `clients` streams over them, round robin (tabs). */
async function connectClients(url: string, emails: string[], clients: number): Promise<Client[]> {
  const cookies: string[] = [];
  for (const email of emails) cookies.push(await signIn(url, email));
  const opened: Client[] = [];
  for (let i = 0; i < clients; i += 20) {
    const batch = Array.from({ length: Math.min(20, clients - i) }, (_, j) =>
      connect(url, cookies[(i + j) % cookies.length]),
    );
    opened.push(...(await Promise.all(batch)));
  }
  return opened;
}

/** Sends the change; returns when it was sent and how long server A took to answer it. */
async function scheduleMeeting(
  url: string,
  cookie: string,
  attendeeIds: string[],
  round: number,
): Promise<{ started: number; answeredMs: number }> {
  const startsAt = new Date(Date.now() + 86_400_000 * (round + 1));
  const started = performance.now();
  const response = await fetch(`${url}/api/calendar/meetings`, {
    method: "POST",
    headers: { cookie, origin: url, "content-type": "application/json" },
    body: JSON.stringify({
      title: `Reunião de fan-out ${round}`,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
      attendeeIds,
    }),
  });
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`meeting answered ${response.status}: ${await response.text()}`);
  }
  return { started, answeredMs: performance.now() - started };
}

/**
 * Two app servers on the bench database. An agency's manager schedules a meeting with every other
 * member through server A ("Agendar": one notification each, written in the request's
 * transaction, NOTIFY on commit); 200 streams of those members are open on server B, with 20
 * streams of agency 2 beside them. Latency: from sending the request to the event's arrival.
 */
export async function measureFanout(databaseUrl: string, database: Database): Promise<FanoutResult> {
  const { manager: scheduler, members } = await createFanoutAgency(database);
  const others = await emailsOfAgency(database, 2, 5);
  const serverA = await startAppServer({ databaseUrl }, PORTS.platformA);
  const serverB = await startAppServer({ databaseUrl }, PORTS.platformB);
  const clients: Client[] = [];
  try {
    const manager = await signIn(serverA.url, scheduler.email);
    const listeners = await connectClients(
      serverB.url,
      members.map((m) => m.email),
      CLIENTS,
    );
    const outsiders = await connectClients(
      serverB.url,
      others.map((m) => m.email),
      OTHER_AGENCY_CLIENTS,
    );
    clients.push(...listeners, ...outsiders);
    const latencies: number[] = [];
    let missed = 0;
    const answered: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const seen = listeners.map((client) => client.events.length);
      const attendees = members.map((m) => m.id);
      const { started, answeredMs } = await scheduleMeeting(serverA.url, manager, attendees, round);
      answered.push(answeredMs);
      const deadline = Date.now() + WAIT_MS;
      while (Date.now() < deadline && listeners.some((client, i) => client.events.length <= seen[i])) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      listeners.forEach((client, i) => {
        const event = client.events.slice(seen[i]).find((e) => e.kind === "meeting_scheduled");
        if (event) latencies.push(event.at - started);
        else missed++;
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const leaked = outsiders.reduce((sum, client) => sum + client.events.length, 0);
    const sorted = latencies.sort((a, b) => a - b);
    return {
      clients: listeners.length,
      users: members.length,
      otherAgencyClients: outsiders.length,
      rounds: ROUNDS,
      deliveries: latencies.length,
      missed,
      leakedToOtherAgency: leaked,
      changeAnsweredMs: percentile(
        answered.sort((a, b) => a - b),
        50,
      ),
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: Math.round((sorted.at(-1) ?? Number.NaN) * 10) / 10,
      loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
    };
  } finally {
    for (const client of clients) client.close();
    await serverA.stop();
    await serverB.stop();
  }
}
