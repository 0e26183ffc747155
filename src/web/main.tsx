// Mantine's styles, per component; a screen's extra kits (charts, spotlight) bring their own sheet.
import "./mantine-styles.ts";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { AppRoot, createQueryClient } from "./app.tsx";
import { prefetchFirstScreen } from "./boot-prefetch.ts";
import { warmUpNumberFormatting } from "./lib/number-format-warm-up.ts";
import { ME_QUERY_KEY } from "./lib/session.ts";
import { PRERENDERED_FOR, SIGNED_OUT } from "./prerendered.ts";
import { ROUTES } from "./routes.tsx";

const queryClient = createQueryClient();
const firstScreen = prefetchFirstScreen(queryClient, window.location.pathname);
warmUpNumberFormatting();
const router = createBrowserRouter(ROUTES);

const root = document.getElementById("root");
if (!root) throw new Error("#root não encontrado");
const app = <AppRoot queryClient={queryClient} router={router} />;

/**
 * The page holds either the loader (index.html) or a screen the build prerendered for a signed-out
 * visitor (/auth). React takes over the prerendered screen when this visitor sees the same, else
 * draws its own in place of what is there.
 */
function takeOver() {
  const isSignedOut = queryClient.getQueryData(ME_QUERY_KEY) === null;
  if (root!.getAttribute(PRERENDERED_FOR) === SIGNED_OUT && isSignedOut) hydrateRoot(root!, app);
  else createRoot(root!).render(app);
}

// Rendering once the profile and the screen's chunks are in draws the screen in one pass instead
// of loader, then screen; as a transition React renders it in slices of a few milliseconds, so a
// slow phone's main thread is never blocked for long.
void firstScreen.then(() => startTransition(takeOver));
