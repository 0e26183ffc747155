import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createApp } from "#server/app.ts";
import { AUTH_BASE_PATH } from "#server/auth/auth.ts";
import { createDeps } from "#server/bootstrap.ts";
import { MESSAGES } from "#server/http/errors.ts";
import type { AnyRoute } from "#server/http/route.ts";
import { ROUTES } from "#server/routes.ts";
import { DEMO_PASSWORD } from "#tests/factories/users.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { TEST_ORIGIN, testConfig } from "#tests/support/test-app.ts";
import { type Battery, createBattery } from "./support/battery.ts";
import { callerPassing } from "./support/callers.ts";
import { fillPath } from "./support/param-fixtures.ts";
import { storedLogoHash } from "./support/logo.ts";
import { answerText, sendRequest } from "./support/route-request.ts";
import { routeKey, sampleQuery, sampleRequestBody } from "./support/samples.ts";
import { writeCounts } from "./support/tables.ts";

const FOREIGN = "https://evil.example";
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

let b: Battery;
let csrfChecks = 0;
let getChecks = 0;

beforeAll(async () => {
  b = await createBattery();
});
afterAll(async () => {
  console.log(`[security:web] cross-site refusals checked=${csrfChecks} GET routes checked for writes=${getChecks}`);
  await b?.close();
});

type Endpoint = { method: string; path: string; body?: unknown; cookie?: string; label: string };

/** better-auth's own state-changing endpoints, read from its API table so a new plugin is covered. */
function authEndpoints(): Endpoint[] {
  return Object.entries(b.t.deps.auth.api).flatMap(([name, endpoint]) => {
    const { path: endpointPath, options } = endpoint as { path?: string; options?: { method?: string | string[] } };
    const methods = [options?.method ?? []].flat();
    if (!endpointPath || !methods.includes("POST")) return [];
    const filled = endpointPath.replace(/:[A-Za-z]+/g, "x");
    return [{ method: "POST", path: `${AUTH_BASE_PATH}${filled}`, body: {}, label: `better-auth ${name}` }];
  });
}

function routeEndpoints(): Endpoint[] {
  return ROUTES.filter((route) => MUTATING.has(route.method)).map((route) => ({
    method: route.method,
    path: fillPath(route.path, b.aurora),
    body: sampleRequestBody(route, b.aurora) ?? {},
    cookie: callerPassing(b, route, b.aurora)?.cookie,
    label: routeKey(route),
  }));
}

async function sendWith(endpoint: Endpoint, headers: Record<string, string>) {
  const response = await sendRequest(b, endpoint.path, {
    method: endpoint.method,
    body: endpoint.body,
    cookie: endpoint.cookie,
    headers,
  });
  return { status: response.status, text: await answerText(response) };
}

describe("CSRF: every state-changing endpoint refuses another site", () => {
  const attacks: [string, Record<string, string>][] = [
    ["a foreign Origin", { origin: FOREIGN }],
    ["a foreign Origin claiming same-origin fetch metadata", { origin: FOREIGN, "sec-fetch-site": "same-origin" }],
    ["Origin: null (sandboxed frame, data: URL)", { origin: "null" }],
    ["Sec-Fetch-Site: cross-site without Origin", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site: same-site (a sibling subdomain)", { "sec-fetch-site": "same-site" }],
    ["an Origin differing only by scheme", { origin: TEST_ORIGIN.replace("http:", "https:") }],
    ["an Origin differing only by port", { origin: `${TEST_ORIGIN}1` }],
  ];

  it.each(attacks)("with %s: 403 and nothing written", async (_label, headers) => {
    const endpoints = [...routeEndpoints(), ...authEndpoints()];
    expect(endpoints.length).toBeGreaterThan(30);
    const before = await writeCounts(b.t.database.owner);
    const logoBefore = await storedLogoHash(b.t.deps.storage, b.aurora.id);
    const accepted: string[] = [];
    for (const endpoint of endpoints) {
      csrfChecks++;
      const answer = await sendWith(endpoint, headers);
      if (answer.status !== 403 || !answer.text.includes(MESSAGES.crossSite)) {
        accepted.push(`${endpoint.label} → ${answer.status} ${answer.text.slice(0, 120)}`);
      }
    }
    expect(accepted).toEqual([]);
    expect(await writeCounts(b.t.database.owner)).toEqual(before);
    expect(await storedLogoHash(b.t.deps.storage, b.aurora.id), "a cross-site upload replaced the logo").toBe(
      logoBefore,
    );
  });

  it("lets the same origin through (the check refuses only other sites)", async () => {
    for (const endpoint of routeEndpoints()) {
      const answer = await sendWith(
        { ...endpoint, body: {} },
        { origin: TEST_ORIGIN, "sec-fetch-site": "same-origin" },
      );
      expect(answer.text, endpoint.label).not.toContain(MESSAGES.crossSite);
    }
  });
});

/** GETs that write one audit row by design: handing out a whole backup is itself audited. */
const AUDITED_DOWNLOADS = new Set([
  "GET /api/admin/export/agencies/:id",
  "GET /api/admin/export/platform",
  "GET /api/agency/backups/:backupId",
]);

/** The write counts a GET must leave: the same, but for an audited download's one audit row. */
function countsAfterGet(route: AnyRoute, answered: Response, before: Record<string, number>) {
  if (!AUDITED_DOWNLOADS.has(routeKey(route)) || !answered.ok) return before;
  return { ...before, audit_logs: (before.audit_logs ?? 0) + 1 };
}

describe("GET never writes", () => {
  it("counts writes on every table, so the write checks of the batteries can fail", async () => {
    expect(b.tables.length).toBeGreaterThan(50);
    expect(b.tables).toEqual(expect.arrayContaining(["agencies", "audit_logs", "leads", "profiles", "invoices"]));
    const before = await writeCounts(b.t.database.owner);
    await b.t.database.owner.execute(sql`update agencies set name = name where id = ${b.aurora.id}`);
    expect(await writeCounts(b.t.database.owner)).not.toEqual(before);
  });

  it("every GET route writes no row of any table (an audited backup download: its one audit row)", async () => {
    const getRoutes = ROUTES.filter((route) => route.method === "GET");
    const callers = (route: AnyRoute) => [
      callerPassing(b, route, b.aurora),
      b.superAdmin,
      b.aurora.members.agency_client,
    ];
    for (const route of getRoutes) {
      for (const caller of callers(route)) {
        const before = await writeCounts(b.t.database.owner);
        const query = sampleQuery(route, b.aurora);
        const search = query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : "";
        const response = await b.t.request(`${fillPath(route.path, b.aurora)}${search}`, { cookie: caller?.cookie });
        // A streamed download holds its transaction until read (other streams, events, never end).
        if (AUDITED_DOWNLOADS.has(routeKey(route))) await response.arrayBuffer();
        getChecks++;
        expect(response.status, routeKey(route)).toBeLessThan(500);
        expect(await writeCounts(b.t.database.owner), `${routeKey(route)} wrote`).toEqual(
          countsAfterGet(route, response, before),
        );
      }
    }
  });
});

describe("security headers and cookies", () => {
  let webDist: string;
  beforeAll(() => {
    webDist = mkdtempSync(path.join(tmpdir(), "nexo-web-"));
    writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Nexo</title><div id=root></div>");
  });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  async function appAt(publicUrl: string) {
    const database = await createTestDatabase();
    const config = testConfig({ publicUrl, allowedOrigins: [new URL(publicUrl).origin], webDist });
    const deps = createDeps(config, database);
    return { app: createApp(deps), deps, close: () => database.close() };
  }

  const PAGES = ["/", "/dashboard", "/super-admin?tab=agencias", "/api/health", "/api/me", "/api/nao-existe"];

  function expectHardened(headers: Headers, where: string) {
    const csp = headers.get("content-security-policy") ?? "";
    expect(csp, where).toContain("frame-ancestors 'none'");
    expect(csp, where).toContain("default-src 'self'");
    expect(csp, where).toContain("object-src 'none'");
    expect(csp, where).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers.get("x-content-type-options"), where).toBe("nosniff");
    expect(headers.get("referrer-policy"), where).toBe("strict-origin-when-cross-origin");
    expect(headers.get("x-frame-options"), where).toBe("DENY");
  }

  it("over http: CSP with frame-ancestors, nosniff, Referrer-Policy on the SPA and the API, no HSTS", async () => {
    const server = await appAt(TEST_ORIGIN);
    try {
      for (const page of PAGES) {
        const response = await server.app.request(`${TEST_ORIGIN}${page}`);
        expectHardened(response.headers, page);
        expect(response.headers.get("strict-transport-security"), page).toBeNull();
        if (page.startsWith("/api/")) expect(response.headers.get("cache-control"), page).toBe("no-store");
      }
    } finally {
      await server.close();
    }
  });

  it("over https: the same headers plus HSTS, and a Secure, HttpOnly, SameSite session cookie", async () => {
    const origin = "https://nexo.example.com";
    const server = await appAt(origin);
    try {
      for (const page of PAGES) {
        const response = await server.app.request(`${origin}${page}`);
        expectHardened(response.headers, page);
        expect(response.headers.get("strict-transport-security"), page).toMatch(/max-age=\d{7,}/);
      }
      const email = "cookie@example.com";
      await server.deps.auth.api.signUpEmail({
        body: { email, password: DEMO_PASSWORD, name: "Cookie Teste", firstName: "Cookie", lastName: "Teste" },
      });
      const signIn = await server.app.request(`${origin}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      const cookies = signIn.headers.getSetCookie();
      const session = cookies.find((cookie) => cookie.includes("session_token="));
      // __Host- (the identity branch's sign-in policies) or better-auth's __Secure-: both refuse a
      // cookie set over http; with Path=/ and no Domain (checked below) __Secure- is host-only too.
      expect(session, "session cookie name").toMatch(/^__(Host|Secure)-nexo\.session_token=/);
      for (const cookie of cookies) {
        expect(cookie, cookie).toMatch(/;\s*HttpOnly/i);
        expect(cookie, cookie).toMatch(/;\s*Secure/i);
        expect(cookie, cookie).toMatch(/;\s*SameSite=(Lax|Strict)/i);
        expect(cookie, cookie).toMatch(/;\s*Path=\//i);
        expect(cookie, cookie).not.toMatch(/;\s*Domain=/i);
      }
    } finally {
      await server.close();
    }
  });

  it("over http the session cookie is still HttpOnly and SameSite", async () => {
    const response = await b.t.request("/api/auth/sign-in/email", {
      body: { email: b.aurora.members.user.email, password: DEMO_PASSWORD },
    });
    const session = response.headers.getSetCookie().find((cookie) => cookie.includes("session_token="));
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
  });
});
