import { prerender } from "react-dom/static";
import { createMemoryRouter } from "react-router";
import { AppRoot, createQueryClient } from "./app.tsx";
import { ME_QUERY_KEY } from "./lib/session.ts";
import { preloadScreenChunks, ROUTES } from "./routes.tsx";

/**
 * The markup of #root for a path as a signed-out visitor first sees it, rendered at build time
 * (scripts/vite/prerender-screens.ts) from the same tree the browser renders, so the browser
 * paints the screen before any script has run and React then hydrates it as it is.
 */
export async function prerenderSignedOut(pathname: string): Promise<string> {
  await preloadScreenChunks(pathname);
  const queryClient = createQueryClient();
  queryClient.setQueryData(ME_QUERY_KEY, null);
  const router = createMemoryRouter(ROUTES, { initialEntries: [pathname] });
  const { prelude } = await prerender(<AppRoot queryClient={queryClient} router={router} />);
  return new Response(prelude).text();
}
