import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Hono } from "hono";
import { compress } from "hono/compress";
import { serveStatic } from "@hono/node-server/serve-static";

/** Serves the built web app: hashed assets cached for a year, every other path gets index.html. */
export function serveSpa(app: Hono, webDist: string): void {
  const indexFile = path.join(webDist, "index.html");
  const root = path.relative(process.cwd(), webDist) || ".";
  // The web app is ~3× smaller gzipped; on a phone's network that is most of the first load.
  app.use("*", compress());
  app.use(
    "/assets/*",
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  // "/" and "/index.html" come from here too: the page names this build's hashed files, so it is revalidated.
  app.use(
    "*",
    serveStatic({
      root,
      onFound: (filePath, c) => {
        if (filePath.endsWith(".html")) c.header("Cache-Control", "no-cache");
      },
    }),
  );
  app.get("*", (c) => {
    if (!existsSync(indexFile)) {
      return c.text("A interface web não foi construída. Rode `npm run build` (ou `npm start`).", 503);
    }
    c.header("Cache-Control", "no-cache");
    return c.html(readFileSync(indexFile, "utf8"));
  });
}
