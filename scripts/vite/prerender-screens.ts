import { createServer } from "vite";

/** The module (under the web root) that renders a screen's markup: src/web/prerender.tsx. */
const PRERENDER_MODULE = "/prerender.tsx";

type PrerenderModule = { prerenderSignedOut(pathname: string): Promise<string> };

/**
 * The markup of each path as a signed-out visitor sees it, by path: the web app's own modules,
 * loaded in Node through Vite's SSR loader and rendered by React to HTML.
 */
export async function prerenderSignedOutScreens(webRoot: string, paths: string[]): Promise<Record<string, string>> {
  const server = await createServer({
    configFile: false,
    root: webRoot,
    logLevel: "error",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, watch: null },
  });
  try {
    const { prerenderSignedOut } = (await server.ssrLoadModule(PRERENDER_MODULE)) as PrerenderModule;
    const markups: Record<string, string> = {};
    for (const pathname of paths) markups[pathname] = await prerenderSignedOut(pathname);
    return markups;
  } finally {
    await server.close();
  }
}
