import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { FIRST_SCREENS, screenDocumentFile } from "../scripts/vite/first-screens.ts";
import { entryFile, MANIFEST_FILE, type Manifest, withStaticImports } from "../scripts/vite/manifest.ts";
import { REPO_ROOT, WEB_DIST } from "./config.ts";

/** First-load JavaScript budgets in KB of gzip; exceeding one fails the bench (non-zero exit). */
export const BUDGETS_KB: Record<string, number> = {
  "/auth": 170,
  // 219 KB when set: a zod schema file imported by a first-load module adds ~25 KB (it did once).
  "/dashboard": 225,
};

export type RouteSize = {
  route: string;
  files: string[];
  jsGzipKb: number;
  jsRawKb: number;
  budgetKb: number | null;
  withinBudget: boolean;
};

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Scripts and module preloads of the route's document (the build writes one per first screen). */
function documentScripts(dist: string, route: string): string[] {
  const document = path.join(dist, screenDocumentFile(route));
  if (!existsSync(document)) throw new Error(`the build wrote no document for ${route} (${document})`);
  return scriptsOf(readFileSync(document, "utf8"));
}

function scriptsOf(html: string): string[] {
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  return [...scripts, ...preloads].map((url) => url.replace(/^\//, ""));
}

/** index.html's script with its static imports, and what the route's document preloads (the screen's chunks). */
function routeFiles(dist: string, manifest: Manifest, route: string): string[] {
  const files = withStaticImports(manifest, entryFile(manifest));
  for (const file of documentScripts(dist, route)) files.add(file);
  return [...files].filter((file) => file.endsWith(".js")).sort();
}

/** First-load JS of /auth and /dashboard from a Vite build with `build.manifest: true`. */
export function measureWebSize(dist: string = WEB_DIST): RouteSize[] {
  const manifest = JSON.parse(readFileSync(path.join(dist, MANIFEST_FILE), "utf8")) as Manifest;
  return Object.keys(FIRST_SCREENS).map((route) => {
    const files = routeFiles(dist, manifest, route);
    const contents = files.map((file) => readFileSync(path.join(dist, file)));
    const gzip = contents.reduce((sum, content) => sum + gzipSync(content).length, 0);
    const raw = contents.reduce((sum, content) => sum + content.length, 0);
    const budgetKb = BUDGETS_KB[route] ?? null;
    const jsGzipKb = kb(gzip);
    return {
      route,
      files,
      jsGzipKb,
      jsRawKb: kb(raw),
      budgetKb,
      withinBudget: budgetKb === null || jsGzipKb <= budgetKb,
    };
  });
}

/** Builds the web app into dist (vite build with the manifest on). */
export function buildWeb(dist: string = WEB_DIST): void {
  execFileSync(
    process.execPath,
    [path.join(REPO_ROOT, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, WEB_DIST: dist },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
}

/** `npm run bench:size [dist]`: the size budget alone; builds unless given an existing build. */
async function main(): Promise<void> {
  const given = process.argv[2];
  const dist = given ? path.resolve(given) : WEB_DIST;
  if (!given || !existsSync(path.join(dist, MANIFEST_FILE))) buildWeb(dist);
  const sizes = measureWebSize(dist);
  for (const size of sizes) {
    const budget = size.budgetKb === null ? "no budget" : `budget ${size.budgetKb} KB`;
    const verdict = size.withinBudget ? "ok" : "OVER BUDGET";
    console.log(
      `${size.route.padEnd(12)} ${String(size.jsGzipKb).padStart(7)} KB gzip (${size.jsRawKb} KB raw, ${size.files.length} files)  ${budget}  ${verdict}`,
    );
  }
  if (sizes.some((size) => !size.withinBudget)) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
