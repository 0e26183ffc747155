import type { OutputBundle, OutputChunk } from "rollup";
import type { Plugin } from "vite";
import { FIRST_SCREENS, isWebSource } from "./first-screens.ts";

/** Where the document of a first screen is written, under the web build: /auth → screens/auth.html. */
export function screenDocumentFile(pathname: string): string {
  return `screens${pathname}.html`;
}

/** A chunk's file and the files of every chunk it imports statically. */
function withStaticImports(bundle: OutputBundle, fileName: string, into: Set<string>): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  for (const imported of (bundle[fileName] as OutputChunk).imports) withStaticImports(bundle, imported, into);
  return into;
}

/** Module preloads of the screen's chunks (beside the entry's own), and the profile every screen asks first. */
function preloadTags(files: string[]): string {
  const modules = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  // boot-prefetch.ts asks /api/me before anything renders; fetch() takes this response instead of asking again.
  const profile = `<link rel="preload" href="/api/me" as="fetch" crossorigin>`;
  return [...modules, profile].map((tag) => `    ${tag}\n`).join("");
}

function withHeadTags(html: string, tags: string): string {
  if (!html.includes("</head>")) throw new Error("index.html has no </head>");
  return html.replace(/\n\s*<\/head>/, `\n${tags}  </head>`);
}

/**
 * A document per first screen (screens/auth.html, screens/dashboard.html; spa.ts serves it for
 * that path): index.html with module preloads of the screen's chunks, so the browser fetches them
 * beside the entry instead of once the entry has run and asked for them.
 */
export function firstScreenDocuments(): Plugin {
  return {
    name: "nexo-first-screen-documents",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === "chunk");
      const entry = chunks.find((chunk) => chunk.isEntry);
      const index = bundle["index.html"];
      if (!entry || index?.type !== "asset") throw new Error("the build has no entry chunk or index.html");
      const loadedWithEntry = withStaticImports(bundle, entry.fileName, new Set());
      const indexHtml = String(index.source);
      index.source = withHeadTags(indexHtml, preloadTags([]));
      for (const [pathname, sources] of Object.entries(FIRST_SCREENS)) {
        const files = new Set<string>();
        for (const source of sources) {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => isWebSource(id, source)));
          if (!chunk) throw new Error(`no chunk holds src/web/${source}`);
          withStaticImports(bundle, chunk.fileName, files);
        }
        const screenFiles = [...files].filter((file) => !loadedWithEntry.has(file));
        this.emitFile({
          type: "asset",
          fileName: screenDocumentFile(pathname),
          source: withHeadTags(indexHtml, preloadTags(screenFiles)),
        });
      }
    },
  };
}
