import type { Hono } from "hono";
import { createApp } from "#server/app.ts";
import { createDeps } from "#server/bootstrap.ts";
import { type Config, loadConfig } from "#server/config.ts";
import type { Database, OnQuery } from "#server/db/client.ts";
import type { Deps } from "#server/deps.ts";
import { checkAnswerAgainstContract } from "./response-contract.ts";
import { createTestDatabase } from "./test-database.ts";

export const TEST_ORIGIN = "http://localhost:3000";

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: "test",
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
      DATA_DIR: ".tmp/unused",
      PUBLIC_URL: TEST_ORIGIN,
      LOG_LEVEL: "silent",
      TRUST_PROXY: "true",
    }),
    ...overrides,
  };
}

export type RequestOptions = {
  method?: string;
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  ip?: string;
};

export type TestApp = {
  app: Hono;
  deps: Deps;
  database: Database;
  /** Sends one request to the in-process app, JSON in and out. */
  request(path: string, options?: RequestOptions): Promise<Response>;
  close(): Promise<void>;
};

/** The whole server in-process on a fresh database; one per test file. */
export async function createTestApp(
  overrides: { config?: Partial<Config>; deps?: Partial<Deps>; onQuery?: OnQuery } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ onQuery: overrides.onQuery });
  const deps = createDeps(testConfig(overrides.config), database, overrides.deps);
  const app = createApp(deps, { serveWeb: false });
  return {
    app,
    deps,
    database,
    request: (path, options = {}) => {
      const headers: Record<string, string> = { ...options.headers };
      if (options.body !== undefined) headers["content-type"] = "application/json";
      if (options.cookie) headers.cookie = options.cookie;
      headers["x-forwarded-for"] = options.ip ?? "203.0.113.10";
      const method = options.method ?? (options.body === undefined ? "GET" : "POST");
      const url = `${TEST_ORIGIN}${path}`;
      const body = options.body === undefined ? undefined : JSON.stringify(options.body);
      return Promise.resolve(app.request(url, { method, headers, body })).then(async (response) => {
        await checkAnswerAgainstContract(method, url, response);
        return response;
      });
    },
    close: () => database.close(),
  };
}

/** The session cookie a sign-in answer set, ready for the Cookie header. */
export function sessionCookieFrom(response: Response): string {
  const setCookies = response.headers.getSetCookie();
  const session = setCookies.find((c) => c.includes("session_token="));
  if (!session) throw new Error(`sign-in set no session cookie (status ${response.status})`);
  return session.split(";")[0];
}
