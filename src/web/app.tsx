import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, StrictMode, Suspense, useEffect } from "react";
import { type createBrowserRouter, RouterProvider } from "react-router";
import { useIsReauthenticationAsked } from "./lib/reauthentication.ts";
import { useAuthSync } from "./lib/session.ts";
import { useIdleAfterMount } from "./lib/use-idle-after-mount.ts";
import { markAppLive } from "./prerendered.ts";
import { cssVariablesResolver, theme } from "./theme.ts";

// Toasts (notifications.show queues them until the host is up) load once the first screen is
// drawn and the browser is idle.
const Toasts = lazy(() => import("./shell/toasts.tsx"));
// The password prompt of sensitive actions loads the first time one asks for it.
const ReauthPrompt = lazy(() => import("./shell/reauth-prompt.tsx"));

export type AppRouter = ReturnType<typeof createBrowserRouter>;

function App({ router }: { router: AppRouter }) {
  useAuthSync();
  useEffect(markAppLive, []);
  const isIdle = useIdleAfterMount();
  const isReauthenticationAsked = useIsReauthenticationAsked();
  return (
    <>
      {isReauthenticationAsked && (
        <Suspense fallback={null}>
          <ReauthPrompt />
        </Suspense>
      )}
      {isIdle && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
      <RouterProvider router={router} />
    </>
  );
}

/** The whole web app: the browser renders it, and the build prerenders /auth from it (prerender.tsx). */
export function AppRoot({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>
          <App router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } } });
}
