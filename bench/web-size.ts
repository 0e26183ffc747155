import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { CHUNK_SOURCES_FILE } from "../scripts/vite/chunk-sources.ts";
import { screenDocumentFile } from "../scripts/vite/first-screen-documents.ts";
import { REPO_ROOT, WEB_DIST } from "./config.ts";

type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
};
type Manifest = Record<string, ManifestChunk>;

/** The lazy screens each measured route renders (paths under src/web). */
const ROUTE_CHUNKS: Record<string, string[]> = {
  "/auth": ["features/auth/auth-page.tsx"],
  "/dashboard": ["shell/app-shell.tsx", "features/dashboard/dashboard-page.tsx"],
};

/** First-load JavaScript budgets in KB of gzip; exceeding one fails the bench (non-zero exit). */
export const BUDGETS_KB: Record<string, number> = { "/auth": 170 };

export type RouteSize = {
  route: string;
  files: string[];
  jsGzipKb: number;
  jsRawKb: number;
  budgetKb: number | null;
  withinBudget: boolean;
};

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Scripts and module preloads of the documents a route may be served (its own, index.html). */
function documentScripts(dist: string, route: string): string[] {
  const documents = [path.join(dist, "index.html"), path.join(dist, screenDocumentFile(route))];
  return documents.filter((file) => existsSync(file)).flatMap((file) => scriptsOf(readFileSync(file, "utf8")));
}

function scriptsOf(html: string): string[] {
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  return [...scripts, ...preloads].map((url) => url.replace(/^\//, ""));
}

/** A chunk's file and every chunk it imports statically (what the browser fetches with it). */
function withStaticImports(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`chunk ${key} is not in the Vite manifest`);
  if (into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, into);
}

/**
 * The manifest key of the chunk holding a lazily imported module: its source path when the module
 * starts its chunk, else the chunk the build lists it in (merged into a shared or grouped chunk).
 */
function lazyChunkKey(dist: string, manifest: Manifest, source: string): string {
  if (manifest[source]) return source;
  const sourcesByFile = JSON.parse(readFileSync(path.join(dist, CHUNK_SOURCES_FILE), "utf8")) as Record<
    string,
    string[]
  >;
  const file = Object.keys(sourcesByFile).find((f) => sourcesByFile[f].includes(source));
  const key = Object.keys(manifest).find((k) => manifest[k].file === file);
  if (!key) throw new Error(`lazy chunk of ${source} is not in the Vite manifest`);
  return key;
}

function routeFiles(dist: string, manifest: Manifest, route: string): string[] {
  const files = new Set<string>(documentScripts(dist, route));
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry && files.has(chunk.file)) withStaticImports(manifest, key, files);
  }
  for (const source of ROUTE_CHUNKS[route]) withStaticImports(manifest, lazyChunkKey(dist, manifest, source), files);
  return [...files].filter((file) => file.endsWith(".js")).sort();
}

/** First-load JS of /auth and /dashboard from a Vite build with `build.manifest: true`. */
export function measureWebSize(dist: string = WEB_DIST): RouteSize[] {
  const manifest = JSON.parse(readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8")) as Manifest;
  return Object.keys(ROUTE_CHUNKS).map((route) => {
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
  if (!given || !existsSync(path.join(dist, ".vite", "manifest.json"))) buildWeb(dist);
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
