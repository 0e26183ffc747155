#!/usr/bin/env node
// npm test: unit and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then the
// browser tests. Any failure fails the whole run; the last line sums up every runner.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

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

const projects = ["--project", "unit", "--project", "api"];
if (process.env.TEST_DATABASE_URL) projects.push("--project", "api-postgres");
else console.log("\n*** TEST_DATABASE_URL não definida: os testes de API rodam só no PGlite. ***\n");

const vitestStatus = run("npx", [
  "vitest",
  "run",
  ...projects,
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${VITEST_REPORT}`,
]);
const e2eStatus =
  vitestStatus === 0 ? run("node", ["scripts/e2e.mjs"], { PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_REPORT }) : 1;

const { passed, failed, skipped } = totals();
console.log(`\nTotal: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(vitestStatus || e2eStatus);
