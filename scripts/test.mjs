#!/usr/bin/env node
// npm test: unit and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then the
// browser tests. Any failure fails the whole run.
import { spawnSync } from "node:child_process";

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const projects = ["--project", "unit", "--project", "api"];
if (process.env.TEST_DATABASE_URL) projects.push("--project", "api-postgres");
else console.log("\n*** TEST_DATABASE_URL não definida: os testes de API rodam só no PGlite. ***\n");

run("npx", ["vitest", "run", ...projects]);
run("node", ["scripts/e2e.mjs"]);
