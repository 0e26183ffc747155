#!/usr/bin/env node
// npm test: unit and API tests (PGlite, and PostgreSQL whenever it answers on TEST_DATABASE_URL or
// the default local address), then the browser tests. Any failure fails the whole run; the last
// line sums up every runner.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import pg from "pg";

const DEFAULT_TEST_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";

const VITEST_REPORT = ".tmp/reports/vitest.json";
const PLAYWRIGHT_REPORT = ".tmp/reports/playwright.json";
mkdirSync(".tmp/reports", { recursive: true });
for (const file of [VITEST_REPORT, PLAYWRIGHT_REPORT]) rmSync(file, { force: true });

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}

function totals() {
  const vitest = readJson(VITEST_REPORT);
  const playwright = readJson(PLAYWRIGHT_REPORT);
  const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
  const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
  const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);
  return { passed, failed, skipped };
}

/** Whether PostgreSQL answers at url (within 3 s); the reason when it does not. */
async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

const testDatabaseUrl = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
const refusal = await postgresAnswers(testDatabaseUrl);
const projects = ["--project", "unit", "--project", "api"];
const postgresEnv = {};
if (refusal === null) {
  projects.push("--project", "api-postgres");
  postgresEnv.TEST_DATABASE_URL = testDatabaseUrl;
  console.log(
    `\nPostgreSQL responde em ${testDatabaseUrl.replace(/:[^:@/]*@/, ":***@")}: os testes de API rodam também nele.\n`,
  );
} else {
  const banner = "*".repeat(100);
  console.log(
    `\n${banner}\n*** PASSAGEM NO POSTGRESQL PULADA: nada responde em ${testDatabaseUrl.replace(/:[^:@/]*@/, ":***@")} (${refusal}).\n` +
      "*** Os testes de API rodaram só no PGlite. Defina TEST_DATABASE_URL ou suba um PostgreSQL local.\n" +
      `${banner}\n`,
  );
}

const vitestStatus = run(
  "npx",
  ["vitest", "run", ...projects, "--reporter=default", "--reporter=json", `--outputFile.json=${VITEST_REPORT}`],
  postgresEnv,
);
const e2eStatus =
  vitestStatus === 0 ? run("node", ["scripts/e2e.mjs"], { PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_REPORT }) : 1;

const { passed, failed, skipped } = totals();
console.log(`\nTotal: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(vitestStatus || e2eStatus);
