import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGLITE_EXTENSIONS, queryRows } from "#server/db/client.ts";
import { ROUTES } from "#server/routes.ts";
import { adminUrl, goldenPglitePath, goldenPostgresName } from "#tests/support/golden.ts";
import { TEST_DB_KIND } from "#tests/support/test-database.ts";
import { type Battery, createBattery } from "./support/battery.ts";
import { callerPassing } from "./support/callers.ts";
import { storedLogoHash } from "./support/logo.ts";
import { callRoute, describeCall } from "./support/route-request.ts";
import { routeKey, sampleBody, sampleQuery, sampleRawBody } from "./support/samples.ts";
import { writeCounts } from "./support/tables.ts";
import { startServer } from "./support/server-process.ts";

const ROUNDS = 10;

let rounds = 0;
let acknowledged = 0;

afterAll(() => {
  console.log(
    `[security:durability] ${TEST_DB_KIND}: kill -9 rounds survived=${rounds}/${ROUNDS} acknowledged writes kept=${acknowledged}`,
  );
});

/** A throwaway store: a PGlite DATA_DIR loaded from the golden dump, or a new PostgreSQL database. */
async function freshStore(): Promise<{ dataDir: string; databaseUrl?: string; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "nexo-durability-"));
  if (TEST_DB_KIND === "pglite") {
    const client = await PGlite.create({
      dataDir: path.join(dataDir, "pgdata"),
      loadDataDir: new Blob([readFileSync(goldenPglitePath())]),
      extensions: PGLITE_EXTENSIONS,
    });
    await client.close();
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const name = `nexo_dur_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}" template "${goldenPostgresName()}"`);
  await admin.end();
  return {
    dataDir,
    databaseUrl: adminUrl(url, name),
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

type Writer = {
  child: ChildProcess;
  acks: string[];
  stored: Promise<string[]>;
  exited: Promise<number | null>;
  output(): string;
};

/** One round's writer process (support/durability-writer.ts); acks are counted as they arrive. */
function startWriter(store: { dataDir: string; databaseUrl?: string }, round: number, acks: string[]): Writer {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/security/support/durability-writer.ts"], {
    env: {
      ...process.env,
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.databaseUrl ?? "",
      ROUND: String(round),
      WRITERS: TEST_DB_KIND === "pglite" ? "1" : "4",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let pending = "";
  let resolveStored: (slugs: string[]) => void = () => {};
  const stored = new Promise<string[]>((resolve) => {
    resolveStored = resolve;
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (line.startsWith("ack ")) acks.push(line.slice(4));
      else if (line.startsWith("stored ")) resolveStored(JSON.parse(line.slice(7)));
    }
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      resolveStored([]);
      resolve(code);
    }),
  );
  return { child, acks, stored, exited, output: () => output };
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe(`durability on ${TEST_DB_KIND}`, () => {
  it("survives kill -9 during a burst of writes, ten times, keeping every acknowledged write", async () => {
    const store = await freshStore();
    const acks: string[] = [];
    const timings: string[] = [];
    try {
      for (let round = 1; round <= ROUNDS + 1; round++) {
        const started = Date.now();
        // Acks of earlier rounds only: this round's writer starts acking as soon as it has reported.
        const acknowledgedBefore = [...acks];
        const writer = startWriter(store, round <= ROUNDS ? round : 0, acks);
        const stored = new Set(await writer.stored);
        expect(writer.output(), `round ${round}: the database did not reopen`).toBe("");
        const lost = acknowledgedBefore.filter((slug) => !stored.has(slug));
        expect(lost, `round ${round}: acknowledged writes lost`).toEqual([]);
        acknowledged = acknowledgedBefore.length;
        rounds = round - 1;
        if (round > ROUNDS) break;
        const before = acknowledgedBefore.length;
        await waitFor(() => acks.length > before, `round ${round}'s first acknowledged write`);
        if (round === 1 && TEST_DB_KIND === "pglite") await expectSecondProcessRefused(store, writer);
        await new Promise((resolve) => setTimeout(resolve, 30 + Math.floor(Math.random() * 300)));
        writer.child.kill("SIGKILL");
        await writer.exited;
        timings.push(`r${round}: ${acks.length - before} acks in ${Date.now() - started} ms`);
      }
    } finally {
      console.log(`[security:durability] ${timings.join("; ")}`);
      await store.drop();
    }
    expect(rounds).toBe(ROUNDS);
  }, 120_000);
});

/** The real server, started on a DATA_DIR another process holds, stops with the lock's message. */
async function expectSecondProcessRefused(store: { dataDir: string }, holder: Writer): Promise<void> {
  const second = await startServer(store);
  const code = await second.exited;
  expect(code).toBe(1);
  expect(second.output()).toContain(
    `já está em uso pelo processo ${holder.child.pid}. Pare esse processo (servidor ou seed:demo) antes de iniciar outro.`,
  );
  expect(holder.child.exitCode, "the first process must keep running").toBeNull();
}

/**
 * Mutating routes that write no audit row, reviewed: delivery work keeps its history in the
 * record's timeline (DESIGN.md audits roles, permissions, invites, agencies, settings, and the CRM
 * and finance audit every change), and the rest are a person's own preferences or a test send.
 * With audit inserts failing they still succeed; any other route that does must be added here on
 * purpose, so a change that should be audited cannot slip through as one that is not.
 */
const UNAUDITED_CHANGES = new Set([
  "POST /api/projects",
  "PATCH /api/projects/:projectId",
  "DELETE /api/projects/:projectId",
  "POST /api/projects/:projectId/template",
  "POST /api/tasks",
  "PATCH /api/tasks/:taskId",
  "POST /api/tasks/:taskId/move",
  "DELETE /api/tasks/:taskId",
  "POST /api/time/timer/start",
  "POST /api/time/timer/stop",
  "POST /api/time/entries",
  "PATCH /api/time/entries/:entryId",
  "DELETE /api/time/entries/:entryId",
  "POST /api/calendar/meetings",
  "POST /api/crm/views",
  "DELETE /api/crm/views/:id",
  "POST /api/notifications/read-all",
  "POST /api/records/:recordType/:recordId/attachments",
  "POST /api/webhooks/:webhookId/test",
]);

describe("a failure between a change and its audit row rolls both back", () => {
  let b: Battery;
  beforeAll(async () => {
    b = await createBattery();
  });
  afterAll(() => b?.close());

  it("with every audit insert failing, no audited route leaves any change behind", async () => {
    const db = b.t.database.owner;
    await db.execute(sql`create function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'auditoria indisponível (teste)'; end $$`);
    await db.execute(
      sql`create trigger refuse_audit before insert on audit_logs for each row execute function refuse_audit()`,
    );
    const mutating = ROUTES.filter((route) => route.method !== "GET");
    const checked: string[] = [];
    const unaudited: string[] = [];
    try {
      // The stored logo file too: an upload whose audit row fails must not leave its bytes behind.
      const state = async () => ({
        tables: await writeCounts(db),
        logo: await storedLogoHash(b.t.deps.storage, b.aurora.id),
      });
      for (const route of mutating) {
        const before = await state();
        const answer = await callRoute(b, route, {
          as: callerPassing(b, route, b.aurora),
          paramsOf: b.aurora,
          body: sampleRawBody(route, b.aurora) ?? { ...sampleBody(route, b.aurora), name: "Nome que não pode ficar" },
          query: sampleQuery(route, b.aurora),
        });
        expect(answer.text, describeCall(route, "caller", answer)).not.toMatch(
          /auditoria indisponível|\bat .+:\d+:\d+/,
        );
        const after = await state();
        if (answer.status < 300 && UNAUDITED_CHANGES.has(routeKey(route))) {
          unaudited.push(routeKey(route));
          continue;
        }
        expect(after, `${describeCall(route, "caller", answer)} left a change`).toEqual(before);
        if (answer.status === 500) checked.push(routeKey(route));
      }
    } finally {
      await db.execute(sql`drop trigger refuse_audit on audit_logs`);
      await db.execute(sql`drop function refuse_audit()`);
    }
    // The agency update and creation do reach their audit insert: the failure really happened there.
    expect(checked).toEqual(
      expect.arrayContaining(["PUT /api/admin/agencies/:id", "POST /api/admin/agencies", "PUT /api/agency/logo"]),
    );
    const [agency] = await queryRows<{ name: string }>(db, sql`select name from agencies where id = ${b.aurora.id}`);
    expect(agency.name).toBe(b.aurora.name);
    console.log(`[security:durability] changed without an audit row (listed): ${unaudited.length} routes`);
    console.log(
      `[security:durability] audit failure rolled back the change on ${checked.length} routes: ${checked.join(", ")}`,
    );
  });
});
