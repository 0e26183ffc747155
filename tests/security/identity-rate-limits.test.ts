import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, tightRoutes } from "#server/app.ts";
import { AUTH_BASE_PATH } from "#server/auth/auth.ts";
import { SERVED_AUTH_ENDPOINTS } from "#server/auth/auth-routes.ts";
import { createDeps } from "#server/bootstrap.ts";
import type { Config } from "#server/config.ts";
import { createBatchedCounter } from "#server/rate-limit/batched-counter.ts";
import { addHits } from "#server/rate-limit/hit-limit.ts";
import { ROUTES } from "#server/routes.ts";
import { fakeClock, signIn } from "#tests/api/sign-in/sign-in-fixtures.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, sessionCookieFrom, TEST_ORIGIN, testConfig, type TestApp } from "#tests/support/test-app.ts";

// Issue 13, item 10: every route limited per IP and per session in the database; the routes
// that hash a password or send an e-mail limited tightly.
const MINUTE = 60_000;
const REQUEST_LIMITS: Config["requestLimits"] = {
  perIp: { windowMs: MINUTE, max: 2 },
  perSession: { windowMs: MINUTE, max: 4 },
  tight: { windowMs: 15 * MINUTE, max: 1 },
};
const LIMITS: Partial<Config> = { rateLimits: true, requestLimits: REQUEST_LIMITS };
const GENERAL_MESSAGE = "Muitas requisições. Aguarde alguns instantes e tente novamente.";
const TIGHT_MESSAGE = "Muitas tentativas. Aguarde alguns minutos e tente novamente.";

const clock = fakeClock(new Date("2026-11-23T12:00:10.000Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now }, config: LIMITS });
});
afterAll(() => t.close());

type Endpoint = { method: string; path: string };
const key = (e: Endpoint) => `${e.method} ${e.path}`;
const TIGHT = new Set(tightRoutes().map(key));
const ENDPOINTS: Endpoint[] = [
  ...ROUTES.map(({ method, path }) => ({ method, path })),
  ...SERVED_AUTH_ENDPOINTS.map((endpoint) => ({ method: "POST", path: `${AUTH_BASE_PATH}${endpoint}` })),
];

/** Any value for a path parameter: the limit answers before the route reads it. */
const concrete = (path: string) => path.replace(/:[^/]+/g, "00000000-0000-4000-8000-000000000001");

let nextIp = 1;
const freshIp = () => `198.18.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

function send(endpoint: Endpoint, ip: string, cookie?: string) {
  const body = endpoint.method === "GET" || endpoint.method === "DELETE" ? undefined : {};
  return t.request(concrete(endpoint.path), { method: endpoint.method, body, ip, cookie });
}

async function expectLimited(answer: Response, message: string, maxSeconds: number) {
  expect(answer.status).toBe(429);
  const retryAfter = Number(answer.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(message);
}

describe("the limit per IP", () => {
  it("answers 429 with Retry-After on every registered route and better-auth endpoint past its limit", async () => {
    const refusedEarly: string[] = [];
    for (const endpoint of ENDPOINTS) {
      const ip = freshIp();
      const allowed = TIGHT.has(key(endpoint)) ? 1 : 2;
      for (let i = 0; i < allowed; i++) {
        if ((await send(endpoint, ip)).status === 429) refusedEarly.push(key(endpoint));
      }
      const past = await send(endpoint, ip);
      if (TIGHT.has(key(endpoint))) await expectLimited(past, TIGHT_MESSAGE, 15 * 60);
      else await expectLimited(past, GENERAL_MESSAGE, 60);
    }
    expect(refusedEarly).toEqual([]);
    console.info(
      `[security:identity-rate-limits] ${ENDPOINTS.length} rotas limitadas (${TIGHT.size} com limite estrito)`,
    );
  });

  it("answers 429 on an unknown API path too (probing is counted)", async () => {
    const ip = freshIp();
    for (let i = 0; i < 2; i++) expect((await send({ method: "GET", path: "/api/nada-aqui" }, ip)).status).toBe(404);
    await expectLimited(await send({ method: "GET", path: "/api/nada-aqui" }, ip), GENERAL_MESSAGE, 60);
  });

  it("ends with its window", async () => {
    const ip = freshIp();
    const health = { method: "GET", path: "/api/health" };
    for (let i = 0; i < 2; i++) expect((await send(health, ip)).status).toBe(200);
    expect((await send(health, ip)).status).toBe(429);
    clock.advance(MINUTE);
    expect((await send(health, ip)).status).toBe(200);
  });

  it("is counted in the database: a second server on the same database sees the same count", async () => {
    const other = createApp(createDeps(testConfig({ ...LIMITS }), t.database, { now: clock.now }), { serveWeb: false });
    const ip = freshIp();
    const viaOther = async () =>
      (await other.request(`${TEST_ORIGIN}/api/health`, { headers: { "x-forwarded-for": ip } })).status;
    expect((await send({ method: "GET", path: "/api/health" }, ip)).status).toBe(200);
    expect(await viaOther()).toBe(200);
    expect((await send({ method: "GET", path: "/api/health" }, ip)).status).toBe(429);
    expect(await viaOther()).toBe(429);
  });

  it("batched (RATE_LIMIT_FLUSH_MS): refused in memory past the limit, and the servers' hits summed in the database", async () => {
    const batched = { ...LIMITS, requestLimits: { ...REQUEST_LIMITS, flushMs: 60_000 } };
    const serverOf = () =>
      createApp(createDeps(testConfig(batched), t.database, { now: clock.now }), { serveWeb: false });
    const [a, b] = [serverOf(), serverOf()];
    const ip = freshIp();
    const health = (server: typeof a) =>
      server.request(`${TEST_ORIGIN}/api/health`, { headers: { "x-forwarded-for": ip } });
    expect((await health(a)).status).toBe(200);
    expect((await health(a)).status).toBe(200);
    await expectLimited(await health(a), GENERAL_MESSAGE, 60);
    // b has not heard of a's hits yet (they wait in a's memory); the database has none.
    expect((await health(b)).status).toBe(200);
    const stored = await t.database.owner.execute(sql`select hits from request_limits where key = ${`ip:${ip}`}`);
    expect((stored as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe("the batched counter on the database", () => {
  it("adds each server's pending hits to the shared row and learns the others' at its flush", async () => {
    const counterOf = () =>
      createBatchedCounter({
        addHits: (deltas) => addHits(t.database, deltas),
        flushMs: 60_000,
        now: clock.now,
        onError: () => {},
      });
    const [a, b] = [counterOf(), counterOf()];
    const counts = [{ key: `ip:${freshIp()}`, limit: { windowMs: MINUTE, max: 3 } }];
    a.count(counts, clock.now());
    a.count(counts, clock.now());
    await a.flush(clock.now());
    expect(b.count(counts, clock.now())).toBeNull();
    await b.flush(clock.now());
    const [row] = (
      (await t.database.owner.execute(
        sql`select hits from request_limits where key = ${counts[0].key}`,
      )) as unknown as {
        rows: { hits: number }[];
      }
    ).rows;
    expect(Number(row.hits)).toBe(3);
    expect(b.count(counts, clock.now())).toBeGreaterThanOrEqual(1);
  });
});

describe("the limit per session", () => {
  it("holds whatever address the session's requests come from", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "limite-sessao@exemplo.com.br" });
    const cookie = sessionCookieFrom(await signIn(t, user.email, user.password, freshIp()));
    const me = { method: "GET", path: "/api/me" };
    for (let i = 0; i < 4; i++) expect((await send(me, freshIp(), cookie)).status).toBe(200);
    await expectLimited(await send(me, freshIp(), cookie), GENERAL_MESSAGE, 60);
  });
});

describe("the tight limit", () => {
  it("covers admin setup and every route that hashes a password or sends an e-mail", () => {
    expect([...TIGHT].sort()).toEqual(
      [
        "POST /api/admin-setup",
        "POST /api/admin/agencies", // e-mails the first manager's invite
        "POST /api/agency/invites",
        "POST /api/finance/quotes/:quoteId/send",
        "POST /api/me/password",
        "POST /api/me/reauthenticate",
        "POST /api/password-reset/request",
        "POST /api/password-reset/confirm",
        "POST /api/auth/two-factor/enable",
        "POST /api/auth/two-factor/disable",
        "POST /api/me/email-verification", // e-mails a new verification link
        "POST /api/email-verification/confirm", // a token guessed at is refused, tightly
      ].sort(),
    );
  });

  it("refuses a second admin setup from one address for 15 minutes while the general limit has room", async () => {
    const roomy = createApp(
      createDeps(
        testConfig({
          rateLimits: true,
          requestLimits: { ...REQUEST_LIMITS, perIp: { windowMs: MINUTE, max: 100 } },
        }),
        t.database,
        {
          now: clock.now,
        },
      ),
      { serveWeb: false },
    );
    const ip = freshIp();
    const post = (path: string) =>
      roomy.request(`${TEST_ORIGIN}${path}`, {
        method: "POST",
        headers: { "x-forwarded-for": ip, "content-type": "application/json" },
        body: "{}",
      });
    expect((await post("/api/admin-setup")).status).toBe(400);
    await expectLimited(await post("/api/admin-setup"), TIGHT_MESSAGE, 15 * 60);
    // Only that route: the address may still reach the others.
    expect((await post("/api/password-reset/request")).status).toBe(400);
    clock.advance(15 * MINUTE);
    expect((await post("/api/admin-setup")).status).toBe(400);
  });
});
