import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

export const DURABILITY_SECRET = "durability-secret-durability-secret-0123456789";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  origin: string;
  output: () => string;
  exited: Promise<number | null>;
};

/** The real server (src/server/main.ts) in a child process, bound to 127.0.0.1 only. */
export async function startServer(env: { dataDir: string; databaseUrl?: string }): Promise<ServerProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      DATA_DIR: env.dataDir,
      DATABASE_URL: env.databaseUrl ?? "",
      AUTH_SECRET: DURABILITY_SECRET,
      LOG_LEVEL: "warn",
      WEB_DIST: "/nonexistent",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, origin, output: () => output, exited };
}
