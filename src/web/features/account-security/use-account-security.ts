import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SuccessMessage } from "#domain/schemas/shared-answers.ts";
import type { ActiveSessions, EndedSessions } from "#domain/schemas/account-security.ts";
import { api } from "../../lib/api.ts";

export const SESSIONS_QUERY_KEY = ["me", "sessions"] as const;

export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_QUERY_KEY,
    queryFn: () => api<ActiveSessions>("/api/me/sessions"),
  });
}

/** Ending a session, every other one, or changing the password: the list reloads after each. */
export function useSessionActions() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
  const endOne = useMutation({
    mutationFn: (id: string) => api<SuccessMessage>(`/api/me/sessions/${id}`, { method: "DELETE" }),
    onSuccess: reload,
  });
  const endOthers = useMutation({
    mutationFn: () => api<EndedSessions>("/api/me/sessions/end-others", { method: "POST" }),
    onSuccess: reload,
  });
  const changePassword = useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      api<SuccessMessage>("/api/me/password", { method: "POST", body: input }),
    onSuccess: reload,
  });
  return { endOne, endOthers, changePassword };
}
