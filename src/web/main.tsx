import "@mantine/core/styles.css";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, StrictMode, Suspense, startTransition, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { prefetchFirstScreen } from "./boot-prefetch.ts";
import { useAuthSync } from "./lib/session.ts";
import { useIdleAfterMount } from "./lib/use-idle-after-mount.ts";
import { ROUTES } from "./routes.tsx";
import { cssVariablesResolver, theme } from "./theme.ts";

// Toasts (notifications.show queues them until the host is up) and the i18n catalogue (no screen
// reads it at first paint) load once the first screen is drawn and the browser is idle.
const Toasts = lazy(() => import("./shell/toasts.tsx"));
const initI18n = () => void import("./i18n/index.ts").then((i18n) => i18n.initI18n());

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } },
});
const firstScreen = prefetchFirstScreen(queryClient, window.location.pathname);
const router = createBrowserRouter(ROUTES);

function App() {
  useAuthSync();
  const isIdle = useIdleAfterMount();
  useEffect(() => {
    if (isIdle) initI18n();
  }, [isIdle]);
  return (
    <>
      {isIdle && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
      <RouterProvider router={router} />
    </>
  );
}

const root = document.getElementById("root");
if (!root) throw new Error("#root não encontrado");
const reactRoot = createRoot(root);
const app = (
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>
);
// index.html paints the loader meanwhile. Rendering once the profile and the screen's chunks are
// in draws the screen in one pass instead of loader, then screen; as a transition React renders
// it in slices of a few milliseconds, so a slow phone's main thread is never blocked for long.
void firstScreen.then(() => startTransition(() => reactRoot.render(app)));
