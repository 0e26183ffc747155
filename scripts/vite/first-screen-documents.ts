import type { OutputBundle, OutputChunk } from "rollup";
import type { Plugin } from "vite";
import { FIRST_SCREENS, isWebSource, PRERENDERED_SIGNED_OUT } from "./first-screens.ts";
import { prerenderSignedOutScreens } from "./prerender-screens.ts";
import { PRERENDERED_FOR, SIGNED_OUT } from "../../src/web/prerendered.ts";

/** Where the document of a first screen is written, under the web build: /auth → screens/auth.html. */
export function screenDocumentFile(pathname: string): string {
  return `screens${pathname}.html`;
}

/** A chunk's file and the files of every chunk it imports statically, each after its imports (run order). */
function withStaticImports(bundle: OutputBundle, fileName: string, into: Set<string>): Set<string> {
  const visiting = new Set<string>();
  const visit = (file: string) => {
    if (into.has(file) || visiting.has(file)) return;
    visiting.add(file);
    for (const imported of (bundle[file] as OutputChunk).imports) visit(imported);
    into.add(file);
  };
  visit(fileName);
  return into;
}

/** The stylesheets Vite split off with a chunk's code (its Mantine components' CSS among them). */
function cssOf(bundle: OutputBundle, fileName: string): string[] {
  const chunk = bundle[fileName] as OutputChunk & { viteMetadata?: { importedCss: Set<string> } };
  return [...(chunk.viteMetadata?.importedCss ?? [])];
}

/**
 * The screen's stylesheets (drawn with its first paint, so they block it like the entry's) and
 * module preloads of its chunks (beside the entry's own), and the profile every screen asks first.
 */
function preloadTags(files: string[], stylesheets: string[]): string {
  const styles = stylesheets.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  const modules = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
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

/**
 * A document per first screen (screens/auth.html, screens/dashboard.html; spa.ts serves it for
 * that path): index.html with module preloads of the screen's chunks, so the browser fetches them
 * beside the entry instead of once the entry has run and asked for them.
 */
export function firstScreenDocuments(): Plugin {
  let webRoot = "";
  return {
    name: "nexo-first-screen-documents",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      webRoot = config.root;
    },
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === "chunk");
      const entry = chunks.find((chunk) => chunk.isEntry);
      const index = bundle["index.html"];
      if (!entry || index?.type !== "asset") throw new Error("the build has no entry chunk or index.html");
      const loadedWithEntry = withStaticImports(bundle, entry.fileName, new Set());
      const prerendered = await prerenderSignedOutScreens(webRoot, PRERENDERED_SIGNED_OUT);
      const indexHtml = String(index.source);
      index.source = withHeadTags(indexHtml, preloadTags([], []));
      for (const [pathname, sources] of Object.entries(FIRST_SCREENS)) {
        const files = new Set<string>();
        for (const source of sources) {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => isWebSource(id, source)));
          if (!chunk) throw new Error(`no chunk holds src/web/${source}`);
          withStaticImports(bundle, chunk.fileName, files);
        }
        const screenFiles = [...files].filter((file) => !loadedWithEntry.has(file));
        const stylesheets = screenFiles.flatMap((file) => cssOf(bundle, file));
        const markup = prerendered[pathname];
        const document = markup === undefined ? indexHtml : withPrerenderedRoot(indexHtml, markup);
        this.emitFile({
          type: "asset",
          fileName: screenDocumentFile(pathname),
          source: withHeadTags(document, preloadTags(screenFiles, stylesheets)),
        });
      }
    },
  };
}
