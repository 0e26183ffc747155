import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** A second Nexo server on an empty data dir (the e2e seed already has a super admin). */
export type FreshServer = { url: string; log: () => string; stop(): Promise<void> };

export async function startFreshServer(port: number): Promise<FreshServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "nexo-e2e-fresh-"));
  const url = `http://localhost:${port}`;
  let output = "";
  // No SMTP_URL: the invite e-mail goes only to the outbox, and the screens must say so.
  const { SMTP_URL: _smtp, ...env } = process.env;
  // The bundle Playwright's web server was just built from these sources (playwright.config.ts):
  // compiling the server through tsx at start took over 150 s on a loaded machine.
  const server: ChildProcess = spawn("node", ["dist/server/main.js"], {
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  server.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  try {
    // Migrating a new PGlite database on a busy machine can take a while.
    await waitForHealth(`${url}/api/health`, 150_000);
  } catch (error) {
    server.kill("SIGTERM");
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    url,
    log: () => output,
    stop: async () => {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`fresh server did not answer ${url} within ${timeoutMs} ms`);
}
