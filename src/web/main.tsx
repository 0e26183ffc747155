import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import dayjs from "dayjs";
import "dayjs/locale/pt-br";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { prefetchFirstScreen } from "./boot-prefetch.ts";
import { initI18n } from "./i18n/index.ts";
import { useAuthSync } from "./lib/session.ts";
import { ROUTES } from "./routes.tsx";
import { cssVariablesResolver, theme } from "./theme.ts";

dayjs.locale("pt-br");
initI18n();

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
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
