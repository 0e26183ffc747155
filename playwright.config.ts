import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;
const WALK_LANE = ["accessibility.spec.ts", "first-hour.spec.ts", "landing.spec.ts", "api-docs.spec.ts"];

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/${PORT}`,
  fullyParallel: false,
  // Two lanes on CI's two cores: the accessibility walk (it only reads: it opens screens and scans
  // them) beside the flows, which run one at a time as they were written to (they share the seeded
  // agency: counts on the bell, permissions toggled and put back). Each project is one lane. The
  // specs that touch nothing of the seeded agency (the first hour runs a server of its own; the
  // landing page and the API reference only read) run in the walk's lane, so the lanes end closer
  // together: the flows' lane alone took 16.7 of the run's 17.4 minutes on a slow day.
  workers: 2,
  projects: [
    { name: "walk", testMatch: WALK_LANE, workers: 1 },
    { name: "flows", testIgnore: WALK_LANE, workers: 1 },
  ],
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    screenshot: "only-on-failure",
    // A click on something that never appears fails in 30 s, not at the test's limit (the walk's
    // is 10 minutes): a missing button cost the whole walk lane once.
    actionTimeout: 30_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    // As production runs it (npm start): the bundled server, built from the sources under test.
    command: "node scripts/build-server.mjs && node dist/server/main.js",
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR ?? ".tmp/e2e-data",
      PUBLIC_URL: BASE_URL,
      LOG_LEVEL: "warn",
      WEB_DIST: process.env.WEB_DIST ?? "dist/web",
      // Limits stay on, but one address (127.0.0.1) plays every user of the whole suite: the
      // production defaults would refuse its 21st invite in 15 minutes. And one cached session
      // (support/cached-sign-in.ts) plays a user through many spec files at machine speed: it
      // was seen at 309 requests in a minute, past the 300 a person gets. The limits themselves
      // are tested in tests/security/identity-rate-limits.test.ts.
      RATE_LIMIT_TIGHT_PER_15_MINUTES: "1000",
      RATE_LIMIT_IP_PER_MINUTE: "20000",
      RATE_LIMIT_SESSION_PER_MINUTE: "20000",
      // better-auth's flood guard restarts its count only after a quiet minute: the suite's
      // sign-ins, all from one address, reached its 30 and refused a test's wrong passwords.
      RATE_LIMIT_SIGN_IN_PER_MINUTE: "100000",
      RATE_LIMIT_SIGN_UP_PER_MINUTE: "100000",
    },
  },
});
