import { notifications } from "@mantine/notifications";
import type { QueryClient } from "@tanstack/react-query";
import { api } from "./api.ts";
import { broadcastAuthChange, ME_QUERY_KEY } from "./session.ts";

/** Ends the session (spec §8 toasts), tells the other tabs, forgets the profile and goes to /auth. */
export async function signOut(queryClient: QueryClient, navigate: (path: string) => void): Promise<void> {
  try {
    await api("/api/auth/sign-out", { method: "POST", body: {} });
  } catch {
    notifications.show({ title: "Erro", message: "Erro durante o logout", color: "red" });
    return;
  }
  broadcastAuthChange();
  queryClient.setQueryData(ME_QUERY_KEY, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
  notifications.show({ title: "Sucesso", message: "Logout realizado com sucesso!", color: "green" });
  navigate("/auth");
}
