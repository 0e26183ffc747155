import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SuccessMessage } from "#domain/schemas/shared-answers.ts";
import { api } from "#web/lib/api.ts";
import { ME_QUERY_KEY } from "#web/lib/session.ts";

/** "Reenviar e-mail de verificação". */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => api<SuccessMessage>("/api/me/email-verification", { method: "POST" }),
  });
}

/** The link's landing page spends its token; a signed-in profile then shows the address verified. */
export function useConfirmVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api<SuccessMessage>("/api/email-verification/confirm", { method: "POST", body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
