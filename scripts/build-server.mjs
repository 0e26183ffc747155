#!/usr/bin/env node
// npm run build (server part): bundles src/server/main.ts into dist/server/ so production starts plain
// JavaScript — no TypeScript transpiling at start and a few files instead of hundreds to resolve.
// Packages that find files next to their own module (PGlite's WebAssembly, argon2's native binding)
// or load optional ones at run time stay external.
import { rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const ROOT = path.resolve(import.meta.dirname, "..");
export const SERVER_DIST = path.join(ROOT, "dist", "server");
export const SERVER_ENTRY = path.join(SERVER_DIST, "main.js");

const EXTERNAL = ["@electric-sql/pglite", "@nexo/pglite-v03", "@node-rs/argon2", "pg-native", "pino"];

export async function buildServer() {
  rmSync(SERVER_DIST, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: { main: "src/server/main.ts" },
    outdir: SERVER_DIST,
    bundle: true,
    splitting: true, // main.ts imports the HTTP layer lazily, while PGlite opens
    format: "esm",
    platform: "node",
    target: "node20",
    external: EXTERNAL,
    sourcemap: "linked",
    chunkNames: "chunks/[name]-[hash]",
    // Bundled CommonJS packages call require() for Node's built-ins.
    banner: {
      js: 'import { createRequire as __nexoCreateRequire } from "node:module"; const require = __nexoCreateRequire(import.meta.url);',
    },
    logLevel: "warning",
  });
}

if (process.argv[1] === import.meta.filename) {
  const started = performance.now();
  await buildServer();
  console.log(
    `servidor empacotado em ${path.relative(ROOT, SERVER_ENTRY)} (${Math.round(performance.now() - started)} ms)`,
  );
}
