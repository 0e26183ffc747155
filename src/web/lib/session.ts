import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Me } from "#domain/schemas/me.ts";
import { api, ApiError } from "./api.ts";
import { applyAgencyPreferences } from "./date-preferences.ts";

export type { Me } from "#domain/schemas/me.ts";

export const ME_QUERY_KEY = ["me"] as const;

/** The profile query: shared by useMe and the boot prefetch, so both are one request. */
export const meQuery = queryOptions({
  queryKey: ME_QUERY_KEY,
  queryFn: async (): Promise<Me | null> => {
    try {
      const me = await api<Me>("/api/me");
      applyAgencyPreferences(me.agency);
      return me;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        applyAgencyPreferences(null);
        return null;
      }
      throw error;
    }
  },
  staleTime: 30_000,
});

/** The signed-in user with role and permissions; null when signed out. */
export function useMe() {
  return useQuery(meQuery);
}

let channel: BroadcastChannel | null | undefined;

/** The tabs' shared channel, opened on first use (the build's prerender loads this module in Node, and an open channel would keep it running). */
function authChannel(): BroadcastChannel | null {
  channel ??= typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("nexo-auth");
  return channel;
}

/** Tells the other tabs that the session changed (sign-in or sign-out). */
export function broadcastAuthChange(): void {
  authChannel()?.postMessage("changed");
}

/** Reloads the profile when another tab signs in or out. */
export function useAuthSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const channel = authChannel();
    if (!channel) return;
    const onMessage = () => void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    channel.addEventListener("message", onMessage);
    return () => channel.removeEventListener("message", onMessage);
  }, [queryClient]);
}
