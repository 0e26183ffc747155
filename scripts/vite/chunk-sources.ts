import type { OutputChunk } from "rollup";
import type { Plugin } from "vite";

/** Where the build lists the sources (under src/web) each chunk holds, beside Vite's manifest. */
export const CHUNK_SOURCES_FILE = ".vite/chunk-sources.json";

/**
 * Vite's manifest names a lazy module's chunk only when the module starts it; grouped into a
 * shared chunk it is nameless there. This list lets bench/web-size.ts find every module's chunk.
 */
export function chunkSources(): Plugin {
  return {
    name: "nexo-chunk-sources",
    apply: "build",
    generateBundle(_options, bundle) {
      const sourcesByFile: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle).filter((file): file is OutputChunk => file.type === "chunk")) {
        sourcesByFile[chunk.fileName] = chunk.moduleIds
          .filter((id) => id.includes("/src/web/"))
          .map((id) => id.slice(id.indexOf("/src/web/") + "/src/web/".length));
      }
      this.emitFile({ type: "asset", fileName: CHUNK_SOURCES_FILE, source: JSON.stringify(sourcesByFile, null, 1) });
    },
  };
}
