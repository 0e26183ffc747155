import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin, Rolldown } from "vite";
import { PRERENDERED_FOR, SIGNED_OUT } from "../../src/web/prerendered.ts";
import { FIRST_SCREENS, PRERENDERED_SIGNED_OUT, screenDocumentFile } from "./first-screens.ts";
import { MANIFEST_FILE, type Manifest, screenFiles } from "./manifest.ts";
import { prerenderSignedOutScreens } from "./prerender-screens.ts";

/**
 * The screen's stylesheets (drawn with its first paint, so they block it like the entry's) and
 * module preloads of its chunks (beside the entry's own), and the profile every screen asks first.
 */
function preloadTags(scripts: string[], stylesheets: string[]): string {
  const styles = stylesheets.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  const modules = scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  // boot-prefetch.ts asks /api/me before anything renders; fetch() takes this response instead of asking again.
  const profile = `<link rel="preload" href="/api/me" as="fetch" crossorigin>`;
  return [...styles, ...modules, profile].map((tag) => `    ${tag}\n`).join("");
}

/** index.html's #root, on one line: the loader painted until React renders. */
const ROOT_LINE = /^(\s*)<div id="root">.*<\/div>$/m;

/** The document with #root holding a prerendered screen instead of the loader, inert until the app takes over (prerendered.ts). */
function withPrerenderedRoot(html: string, markup: string): string {
  if (!ROOT_LINE.test(html)) throw new Error('index.html has no one-line <div id="root">…</div>');
  return html.replace(
    ROOT_LINE,
    (_line, indent: string) => `${indent}<div id="root" ${PRERENDERED_FOR}="${SIGNED_OUT}" inert>${markup}</div>`,
  );
}

function withHeadTags(html: string, tags: string): string {
  if (!html.includes("</head>")) throw new Error("index.html has no </head>");
  return html.replace(/\n\s*<\/head>/, `\n${tags}  </head>`);
}

/** The file of the chunk holding a module under src/web (grouped chunks hold several). */
function chunkHolding(bundle: Rolldown.OutputBundle, source: string): string {
  const chunk = Object.values(bundle).find(
    (file): file is Rolldown.OutputChunk =>
      file.type === "chunk" && file.moduleIds.some((id) => id.endsWith(`/src/web/${source}`)),
  );
  if (!chunk) throw new Error(`no chunk holds src/web/${source}`);
  return chunk.fileName;
}

/**
 * A document per first screen (screens/auth.html, screens/dashboard.html; spa.ts serves it for
 * that path): index.html with module preloads of the screen's chunks and its stylesheets, as
 * Vite's manifest lists them, so the browser fetches them beside the entry instead of once the
 * entry has run and asked for them. index.html itself gets the profile's preload.
 */
export function screenDocuments(): Plugin {
  let webRoot = "";
  let outDir = "";
  return {
    name: "nexo-screen-documents",
    apply: "build",
    configResolved(config) {
      webRoot = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      if (!config.build.manifest) throw new Error("screen documents need build.manifest: true");
    },
    // After Vite wrote index.html and the manifest; before precompress (closeBundle).
    async writeBundle(_options, bundle) {
      const manifest = JSON.parse(readFileSync(path.join(outDir, MANIFEST_FILE), "utf8")) as Manifest;
      const indexFile = path.join(outDir, "index.html");
      const indexHtml = readFileSync(indexFile, "utf8");
      writeFileSync(indexFile, withHeadTags(indexHtml, preloadTags([], [])));
      const prerendered = await prerenderSignedOutScreens(webRoot, PRERENDERED_SIGNED_OUT);
      for (const [pathname, sources] of Object.entries(FIRST_SCREENS)) {
        const { scripts, stylesheets } = screenFiles(
          manifest,
          sources.map((source) => chunkHolding(bundle, source)),
        );
        const markup = prerendered[pathname];
        const document = markup === undefined ? indexHtml : withPrerenderedRoot(indexHtml, markup);
        const file = path.join(outDir, screenDocumentFile(pathname));
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, withHeadTags(document, preloadTags(scripts, stylesheets)));
      }
    },
  };
}
