import { useMutation } from "@tanstack/react-query";
import type { SuccessMessage } from "#domain/schemas/shared-answers.ts";
import { api } from "../../lib/api.ts";

/** "Esqueceu sua senha?": ask for the link, then set the new password with it. */
export function usePasswordReset() {
  const request = useMutation({
    mutationFn: (email: string) =>
      api<SuccessMessage>("/api/password-reset/request", { method: "POST", body: { email } }),
  });
  const confirm = useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      api<SuccessMessage>("/api/password-reset/confirm", { method: "POST", body: input }),
  });
  return { request, confirm };
}
