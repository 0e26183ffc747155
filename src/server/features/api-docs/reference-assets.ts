import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Scalar's self-contained browser bundle (the package's documented `browser` entry), read from
 * node_modules and served by us: the reference page needs no CDN at run time.
 */
let scalarBundle: string | undefined;
export function scalarStandaloneBundle(): string {
  if (scalarBundle === undefined) {
    const require = createRequire(import.meta.url);
    const entry = require.resolve("@scalar/api-reference");
    scalarBundle = readFileSync(path.join(path.dirname(entry), "browser", "standalone.js"), "utf8");
  }
  return scalarBundle;
}

/**
 * Starts the reference from a file of ours (the CSP allows no inline script): the document from
 * our own route, no telemetry, no proxy. Scalar 1.76 still asks its web fonts from its own servers
 * despite `withDefaultFonts: false`; our CSP (font-src 'self') refuses them and the page uses the
 * system's fonts.
 */
export const REFERENCE_INIT = `Scalar.createApiReference("#api-reference", ${JSON.stringify({
  url: "/api/openapi.json",
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: "never",
  agent: { disabled: true },
  mcp: { disabled: true },
  theme: "default",
  documentDownloadType: "json",
})});
`;

export const REFERENCE_PAGE = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Nexo API — referência</title>
  </head>
  <body>
    <main id="api-reference"></main>
    <script src="/api/docs/scalar.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;
