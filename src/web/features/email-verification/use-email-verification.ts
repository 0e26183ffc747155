import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "#web/lib/api.ts";
import { ME_QUERY_KEY } from "#web/lib/session.ts";

type Answer = { success: true; message: string };

/** "Reenviar e-mail de verificação". */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => api<Answer>("/api/me/email-verification", { method: "POST" }),
  });
}

/** The link's landing page spends its token; a signed-in profile then shows the address verified. */
export function useConfirmVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api<Answer>("/api/email-verification/confirm", { method: "POST", body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
