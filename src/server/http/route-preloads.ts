import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

type ManifestChunk = { file: string; name?: string; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The lazy screens (chunk names of src/web/routes.tsx) that a path renders first. */
const FIRST_SCREENS: { matches(pathname: string): boolean; chunks: string[] }[] = [
  { matches: (pathname) => pathname === "/dashboard", chunks: ["app-shell", "dashboard-page"] },
  { matches: (pathname) => pathname.startsWith("/app/"), chunks: ["app-shell"] },
  { matches: (pathname) => pathname === "/auth", chunks: ["auth-page"] },
];

/** A chunk's JS and CSS files and those of every chunk it imports statically. */
function chunkFiles(manifest: Manifest, key: string, files: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, files);
}

function preloadTag(file: string): string {
  return file.endsWith(".css")
    ? `<link rel="preload" as="style" crossorigin href="/${file}">`
    : `<link rel="modulepreload" crossorigin href="/${file}">`;
}

/**
 * The <link> tags that let the browser fetch a path's screen chunks together with the entry
 * chunk, instead of after the entry has run (one round trip and the entry's run time sooner).
 * Read from Vite's manifest once; no manifest (a dev build) means no tags.
 */
export function routePreloads(webDist: string): (pathname: string) => string {
  const manifestFile = path.join(webDist, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) return () => "";
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  const entry = manifest["index.html"];
  if (!entry) return () => "";
  const inHtml = new Set<string>();
  chunkFiles(manifest, "index.html", inHtml);
  const keyOf = (name: string) => entry.dynamicImports?.find((key) => manifest[key]?.name === name);
  const tags = FIRST_SCREENS.map(({ matches, chunks }) => {
    const files = new Set<string>();
    for (const name of chunks) {
      const key = keyOf(name);
      if (key) chunkFiles(manifest, key, files);
    }
    return {
      matches,
      html: [...files]
        .filter((file) => !inHtml.has(file))
        .map(preloadTag)
        .join(""),
    };
  });
  return (pathname) => tags.find(({ matches }) => matches(pathname))?.html ?? "";
}
