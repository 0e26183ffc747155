import { notifications } from "@mantine/notifications";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type CreatedInviteResult,
  type CreateInviteBody,
  INVITE_MESSAGES,
  inviteCreatedMessage,
  type PendingInvitesPage,
} from "#domain/schemas/invites.ts";
import { ApiError, api } from "#web/lib/api.ts";

const INVITES_KEY = ["agency", "invites"] as const;
const SUMMARY_KEY = ["agency", "users", "summary"] as const;

/** A refusal the server explains (duplicate, invalid e-mail, role) shows its message; anything else the generic one. */
function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 && error.message ? error.message : fallback;
}

/** Pending invites of the agency, newest first, one keyset page at a time. */
export function usePendingInvites() {
  return useInfiniteQuery({
    queryKey: [...INVITES_KEY, "list"],
    queryFn: ({ pageParam }) =>
      api<PendingInvitesPage>(`/api/agency/invites${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

function useRefreshInvites() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: INVITES_KEY }),
      queryClient.invalidateQueries({ queryKey: SUMMARY_KEY }),
    ]);
}

export function useCreateInvite() {
  const refresh = useRefreshInvites();
  return useMutation({
    mutationFn: (body: CreateInviteBody) => api<CreatedInviteResult>("/api/agency/invites", { method: "POST", body }),
    onSuccess: (result) => {
      const sent = result.emailDelivery === "smtp";
      notifications.show({
        title: "Sucesso",
        message: inviteCreatedMessage(result.emailDelivery),
        color: sent ? "green" : "blue",
        autoClose: sent ? undefined : 10_000,
      });
      return refresh();
    },
    onError: (error) =>
      notifications.show({ title: "Erro", message: failureMessage(error, INVITE_MESSAGES.createFailed), color: "red" }),
  });
}

export function useCancelInvite() {
  const refresh = useRefreshInvites();
  return useMutation({
    mutationFn: (inviteId: string) => api(`/api/agency/invites/${inviteId}`, { method: "DELETE" }),
    onSuccess: () => {
      notifications.show({ title: "Sucesso", message: INVITE_MESSAGES.cancelled, color: "green" });
      return refresh();
    },
    onError: () => notifications.show({ title: "Erro", message: INVITE_MESSAGES.cancelFailed, color: "red" }),
  });
}

/** Copies the invite link; the clipboard may be refused (no permission, insecure page). */
export async function copyInviteLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    notifications.show({ title: "Sucesso", message: INVITE_MESSAGES.linkCopied, color: "green" });
  } catch {
    notifications.show({ title: "Erro", message: INVITE_MESSAGES.copyFailed, color: "red" });
  }
}
