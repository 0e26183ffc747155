#!/usr/bin/env node
// npm start: builds only when the sources changed since the last build (scripts/build-stamp.mjs),
// then runs the bundled server in this process.
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { isBuildCurrent, SERVER_ENTRY } from "./build-stamp.mjs";

if (!isBuildCurrent()) {
  console.log("Fontes alteradas desde a última construção: rodando npm run build...");
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(pathToFileURL(SERVER_ENTRY).href);
