import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { broadcastAuthChange, ME_QUERY_KEY } from "../../lib/session.ts";

export type Enrolment = { totpURI: string; backupCodes: string[] };

/** better-auth's two-factor endpoints; every change reloads the profile here and in other tabs. */
export function useTwoFactor() {
  const queryClient = useQueryClient();
  const reloadProfile = async () => {
    await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    broadcastAuthChange();
  };
  const enable = useMutation({
    mutationFn: (password: string) =>
      api<Enrolment>("/api/auth/two-factor/enable", { method: "POST", body: { password } }),
  });
  const confirm = useMutation({
    mutationFn: (code: string) => api("/api/auth/two-factor/verify-totp", { method: "POST", body: { code } }),
    onSuccess: reloadProfile,
  });
  const disable = useMutation({
    mutationFn: (password: string) => api("/api/auth/two-factor/disable", { method: "POST", body: { password } }),
    onSuccess: reloadProfile,
  });
  return { enable, confirm, disable };
}
