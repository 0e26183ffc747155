import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/** Mantine's stylesheets that belong to no component, in the order styles.css has them. */
const GLOBAL_SHEETS = new Set(["baseline", "global", "default-css-variables"]);

/**
 * The class names of a Mantine stylesheet as its ESM build exports them
 * (`…/@mantine/core/esm/…/<Name>.module.css.mjs`): every module drawing with those classes imports it.
 */
const CLASS_NAMES_MODULE = /\/@mantine\/core\/esm\/.*\/([A-Za-z]+)\.module\.css\.mjs$/;

/** The components with a stylesheet of their own (`@mantine/core/styles/<Name>.css`). */
function componentSheets(): Set<string> {
  const stylesDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve("@mantine/core/styles.css")),
    "styles",
  );
  return new Set(
    readdirSync(stylesDir)
      .filter((file) => file.endsWith(".css") && !file.endsWith(".layer.css"))
      .map((file) => file.slice(0, -".css".length))
      .filter((name) => !GLOBAL_SHEETS.has(name)),
  );
}

/** What main.tsx imports for Mantine's CSS; this plugin says which sheets it is. */
export const MANTINE_STYLES_MODULE = "virtual:mantine-styles";
const RESOLVED_STYLES_MODULE = `\0${MANTINE_STYLES_MODULE}`;

/**
 * In the build the module exporting a Mantine stylesheet's class names imports the stylesheet,
 * so a component's CSS lands in the chunk of the code drawing it: the first screen's document links only the CSS of the components it
 * draws, and a screen opened later brings its own (Vite waits for a chunk's CSS before running the
 * chunk, so nothing is drawn unstyled); main.tsx's import is then only the global sheets. The dev
 * server bundles Mantine's modules into one, so there main.tsx's import is the whole stylesheet.
 */
export function mantineComponentStyles(): Plugin {
  const sheets = componentSheets();
  let isBuild = false;
  return {
    name: "nexo-mantine-component-styles",
    enforce: "pre",
    configResolved(config) {
      isBuild = config.command === "build";
    },
    resolveId(id) {
      return id === MANTINE_STYLES_MODULE ? RESOLVED_STYLES_MODULE : null;
    },
    load(id) {
      if (id !== RESOLVED_STYLES_MODULE) return null;
      const imported = isBuild ? [...GLOBAL_SHEETS].map((name) => `styles/${name}.css`) : ["styles.css"];
      return imported.map((file) => `import "@mantine/core/${file}";`).join("\n");
    },
    transform(code, id) {
      if (!isBuild) return null;
      const name = CLASS_NAMES_MODULE.exec(id)?.[1];
      if (!name || !sheets.has(name)) return null;
      return { code: `import "@mantine/core/styles/${name}.css";\n${code}`, map: null };
    },
  };
}
