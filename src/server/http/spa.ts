import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Context, Hono, MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { serveStatic } from "@hono/node-server/serve-static";

/** A path the build may have written its own document for (screens/auth.html for /auth). */
const SCREEN_PATH = /^\/[a-z][a-z-]*$/;

/** The build's compressed copies beside each text file, best first. */
const PRECOMPRESSED = [
  { encoding: "br", extension: ".br" },
  { encoding: "gzip", extension: ".gz" },
];

/**
 * The document of a path: the first screens (/auth, /dashboard) have their own, which preloads
 * the screen's code; every other path gets index.html.
 */
function documentOf(webDist: string, pathname: string): string {
  const screenDocument = path.join(webDist, "screens", `${pathname}.html`);
  return SCREEN_PATH.test(pathname) && existsSync(screenDocument) ? screenDocument : path.join(webDist, "index.html");
}

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

const isHtml = (c: Context) => c.res.headers.get("content-type")?.startsWith("text/html") ?? false;

/** Cache-Control of the files the next handlers send (set after them: serveStatic builds the answer itself). */
function cacheControl(value: string, applies: (c: Context) => boolean = () => true): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status === 200 && applies(c)) c.res.headers.set("Cache-Control", value);
  };
}

/** The document, as the build compressed it in an encoding the browser accepts when there is one. */
function sendDocument(c: Context, file: string): Response {
  const accepted = (c.req.header("accept-encoding") ?? "").split(",").map((part) => part.split(";")[0].trim());
  c.header("Cache-Control", REVALIDATE);
  c.header("Vary", "Accept-Encoding");
  const copy = PRECOMPRESSED.find(
    ({ encoding, extension }) => accepted.includes(encoding) && existsSync(file + extension),
  );
  if (!copy) return c.html(readFileSync(file, "utf8"));
  c.header("Content-Encoding", copy.encoding);
  c.header("Content-Type", "text/html; charset=UTF-8");
  return c.body(readFileSync(file + copy.extension));
}

/**
 * Serves the built web app: hashed assets cached for a year, every other path gets its document.
 * The build wrote each text file brotli- and gzip-compressed beside it (file.br, file.gz); the
 * browser gets the one it accepts, else the file compressed here on the fly.
 */
export function serveSpa(app: Hono, webDist: string): void {
  const root = path.relative(process.cwd(), webDist) || ".";
  // The web app is ~3× smaller gzipped; on a phone's network that is most of the first load.
  app.use("*", compress());
  app.use("/assets/*", cacheControl(IMMUTABLE), serveStatic({ root, precompressed: true }));
  // "/" and "/index.html" come from here too: the page names this build's hashed files, so it is revalidated.
  app.use("*", cacheControl(REVALIDATE, isHtml), serveStatic({ root, precompressed: true }));
  app.get("*", (c) => {
    if (!existsSync(path.join(webDist, "index.html"))) {
      return c.text("A interface web não foi construída. Rode `npm run build` (ou `npm start`).", 503);
    }
    return sendDocument(c, documentOf(webDist, c.req.path));
  });
}
