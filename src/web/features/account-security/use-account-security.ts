import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ActiveSession } from "#domain/schemas/account-security.ts";
import { api } from "../../lib/api.ts";

type Answer = { success: true; message: string };

export const SESSIONS_QUERY_KEY = ["me", "sessions"] as const;

export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_QUERY_KEY,
    queryFn: () => api<{ sessions: ActiveSession[] }>("/api/me/sessions"),
  });
}

/** Ending a session, every other one, or changing the password: the list reloads after each. */
export function useSessionActions() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
  const endOne = useMutation({
    mutationFn: (id: string) => api<Answer>(`/api/me/sessions/${id}`, { method: "DELETE" }),
    onSuccess: reload,
  });
  const endOthers = useMutation({
    mutationFn: () => api<Answer>("/api/me/sessions/end-others", { method: "POST" }),
    onSuccess: reload,
  });
  const changePassword = useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      api<Answer>("/api/me/password", { method: "POST", body: input }),
    onSuccess: reload,
  });
  return { endOne, endOthers, changePassword };
}
