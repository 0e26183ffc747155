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
 * The default theme's light palette with the tones axe finds under 4.5:1 darkened (the muted text,
 * #8e8e8e, and the HTTP methods' colours on the grey cards), through Scalar's documented CSS
 * variables.
 */
const ACCESSIBLE_LIGHT_PALETTE = `.light-mode {
  --scalar-color-3: #696969;
  --scalar-color-green: #00704a;
  --scalar-color-red: #c00018;
  --scalar-color-orange: #a94400;
  --scalar-color-yellow: #7d5a00;
  --scalar-color-blue: #0a5fb0;
  --scalar-color-purple: #6420c8;
}`;

/**
 * Starts the reference from a file of ours (the CSP allows no inline script), the documented way:
 * `createApiReference` on a mount point of ours. The mount point must not be `#api-reference`: that
 * id is Scalar's HTML API (`<script id="api-reference" data-url=…>`), which the bundle mounts by
 * itself with an empty configuration ("Document not found in configList", a skeleton forever, and
 * its web fonts asked from its servers). The document comes from our own route; no telemetry, no
 * proxy, no web fonts (the system's fonts).
 */
export const REFERENCE_INIT = `Scalar.createApiReference("#app", ${JSON.stringify({
  url: "/api/openapi.json",
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: "never",
  agent: { disabled: true },
  mcp: { disabled: true },
  theme: "default",
  documentDownloadType: "json",
  customCss: ACCESSIBLE_LIGHT_PALETTE,
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
    <div id="app"></div>
    <script src="/api/docs/scalar.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;
