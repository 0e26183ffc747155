import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/** Mantine's generated class names (`m_` and eight hex digits), as its components and CSS files name them. */
const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;

/** Every class @mantine/core's per-component CSS files define (its documented `styles/*.css`). */
function mantineCoreClasses(): Set<string> {
  const stylesDir = path.dirname(createRequire(import.meta.url).resolve("@mantine/core/styles/global.css"));
  const classes = new Set<string>();
  for (const file of readdirSync(stylesDir).filter((name) => name.endsWith(".css"))) {
    for (const name of readFileSync(path.join(stylesDir, file), "utf8").match(MANTINE_CLASS) ?? []) classes.add(name);
  }
  return classes;
}

/**
 * Fails the build when a Mantine component in the bundle has no styles: the app imports Mantine's
 * CSS per component (src/web/mantine-styles.ts, as Mantine documents), so a component used for the
 * first time needs its file there. A class the JavaScript names that @mantine/core styles but no
 * emitted stylesheet defines is such a component.
 */
export function mantineCssCoverage(): Plugin {
  return {
    name: "nexo-mantine-css-coverage",
    apply: "build",
    generateBundle(_options, bundle) {
      const referenced = new Set<string>();
      const defined = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type === "chunk") for (const name of output.code.match(MANTINE_CLASS) ?? []) referenced.add(name);
        else if (output.fileName.endsWith(".css")) {
          for (const name of String(output.source).match(MANTINE_CLASS) ?? []) defined.add(name);
        }
      }
      const core = mantineCoreClasses();
      const missing = [...referenced].filter((name) => core.has(name) && !defined.has(name));
      if (missing.length > 0) {
        this.error(
          `Mantine classes without styles (${missing.join(", ")}): import the component's CSS in src/web/mantine-styles.ts.`,
        );
      }
    },
  };
}
