#!/usr/bin/env node
// What a build is made from, hashed: `npm start` builds only when this differs from the stamp the
// last `npm run build` wrote (dist/build-stamp). `node scripts/build-stamp.mjs write` writes it.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
/** The bundled server `npm run build` writes (scripts/build-server.mjs). */
export const SERVER_ENTRY = path.join(ROOT, "dist", "server", "main.js");
export const STAMP_FILE = path.join(ROOT, "dist", "build-stamp");
/** The build's inputs: sources (web, server, shared), the build's own scripts and config, the locked dependencies. */
const INPUTS = [
  "src",
  "scripts/vite",
  "scripts/build-server.mjs",
  "vite.config.ts",
  "tsconfig.json",
  "package-lock.json",
];
/** What the build writes; without them there is nothing to start. */
const OUTPUTS = ["dist/web/index.html", "dist/server/main.js"];

function filesUnder(relative) {
  const absolute = path.join(ROOT, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute)
    .sort()
    .flatMap((name) => filesUnder(path.join(relative, name)));
}

export function buildStamp() {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap(filesUnder)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(ROOT, file)));
  }
  return hash.digest("hex");
}

/** True when dist/ holds a build of exactly the current inputs. */
export function isBuildCurrent() {
  if (!OUTPUTS.every((file) => existsSync(path.join(ROOT, file))) || !existsSync(STAMP_FILE)) return false;
  return readFileSync(STAMP_FILE, "utf8").trim() === buildStamp();
}

if (process.argv[1] === import.meta.filename && process.argv[2] === "write") {
  writeFileSync(STAMP_FILE, `${buildStamp()}\n`);
}
