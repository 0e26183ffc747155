#!/usr/bin/env node
// Browser tests: build the web app (and check its size budget), seed a fresh data dir, run Playwright with Debian's Chromium.
// Without Chromium: a loud skip line, or a failure when CI=true.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (!existsSync(CHROMIUM)) {
  const line = `\n${"!".repeat(78)}\n!!! TESTES DE NAVEGADOR PULADOS: Chromium não encontrado em ${CHROMIUM}.\n!!! Instale com: apt-get install -y chromium\n${"!".repeat(78)}\n`;
  console.error(line);
  process.exit(process.env.CI === "true" ? 1 : 0);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "nexo-e2e-"));
// Each port gets its own build, so parallel e2e runs (E2E_PORT=…) do not clobber each other.
const webDist = process.env.E2E_PORT ? `dist/e2e-${process.env.E2E_PORT}` : "dist/web";
const env = { DATA_DIR: dataDir, LOG_LEVEL: "warn", E2E_DATA_DIR: dataDir, CHROMIUM_PATH: CHROMIUM, WEB_DIST: webDist };
try {
  run("npx", ["vite", "build", "--logLevel", "warn"], { WEB_DIST: webDist });
  run("npx", ["tsx", "bench/web-size.ts", webDist]); // the first-load JS budget fails the run when exceeded
  run("npx", ["tsx", "scripts/seed-demo.ts"], env);
  run("npx", ["playwright", "test", ...process.argv.slice(2)], env);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
