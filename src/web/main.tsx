import "@mantine/core/styles.css";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { prefetchFirstScreen } from "./boot-prefetch.ts";
import { useAuthSync } from "./lib/session.ts";
import { ROUTES } from "./routes.tsx";
import { cssVariablesResolver, theme } from "./theme.ts";

// Toasts (notifications.show queues them until the host is up) and the i18n catalogue (no screen
// reads it at first paint) load after the first screen rather than with it.
const Toasts = lazy(() => import("./shell/toasts.tsx"));
window.addEventListener("load", () => void import("./i18n/index.ts").then(({ initI18n }) => initI18n()), {
  once: true,
});

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } },
});
prefetchFirstScreen(queryClient, window.location.pathname);
const router = createBrowserRouter(ROUTES);

function App() {
  useAuthSync();
  return <RouterProvider router={router} />;
}

const root = document.getElementById("root");
if (!root) throw new Error("#root não encontrado");
createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
