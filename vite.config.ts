import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import type { OutputBundle, OutputChunk } from "rollup";

/** The lazy screens (paths under src/web) of the pages most often opened first, by path. */
const FIRST_SCREENS: Record<string, string[]> = {
  "/auth": ["features/auth/auth-page.tsx"],
  "/dashboard": ["shell/app-shell.tsx", "features/dashboard/dashboard-page.tsx"],
};

/** A chunk's file and the files of every chunk it imports statically. */
function withStaticImports(bundle: OutputBundle, fileName: string, into: Set<string>): Set<string> {
  const chunk = bundle[fileName] as OutputChunk;
  if (into.has(fileName)) return into;
  into.add(fileName);
  for (const imported of chunk.imports) withStaticImports(bundle, imported, into);
  return into;
}

/**
 * Without it the opened screen's chunks are discovered only once the entry (~130 KB) has been
 * downloaded and run. A small async script (the CSP allows no inline one) preloads them for the
 * path the page was opened on, so they download beside the entry.
 */
function firstScreenPreload(): Plugin {
  return {
    name: "nexo-first-screen-preload",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === "chunk");
      const entry = chunks.find((chunk) => chunk.isEntry);
      const html = bundle["index.html"];
      if (!entry || html?.type !== "asset") return;
      const withEntry = withStaticImports(bundle, entry.fileName, new Set());
      const filesByPath = Object.fromEntries(
        Object.entries(FIRST_SCREENS).map(([pathname, sources]) => {
          const files = new Set<string>();
          for (const source of sources) {
            const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/src/web/${source}`)));
            if (!chunk) throw new Error(`no chunk holds src/web/${source}`);
            withStaticImports(bundle, chunk.fileName, files);
          }
          return [pathname, [...files].filter((file) => !withEntry.has(file))];
        }),
      );
      const script = `(${(files: Record<string, string[]>) => {
        for (const file of files[location.pathname] ?? []) {
          const link = document.createElement("link");
          link.rel = "modulepreload";
          link.href = `/${file}`;
          document.head.appendChild(link);
        }
      }})(${JSON.stringify(filesByPath)});`;
      const reference = this.emitFile({ type: "asset", name: "first-screen-preload.js", source: script });
      const tag = `<script async src="/${this.getFileName(reference)}"></script>`;
      html.source = String(html.source).replace("</head>", `  ${tag}\n  </head>`);
    },
  };
}

export default defineConfig({
  root: "src/web",
  plugins: [react(), firstScreenPreload()],
  build: {
    outDir: process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Mantine's components otherwise land in ~60 chunks of 1–2 KB each for /dashboard: on a phone's
    // network every request costs a round trip. Rollup merges the small ones where no side effect moves.
    rollupOptions: { output: { experimentalMinChunkSize: 20_000 } },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
});
