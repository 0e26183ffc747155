import { useMutation } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";

type Answer = { success: true; message: string };

/** "Esqueceu sua senha?": ask for the link, then set the new password with it. */
export function usePasswordReset() {
  const request = useMutation({
    mutationFn: (email: string) => api<Answer>("/api/password-reset/request", { method: "POST", body: { email } }),
  });
  const confirm = useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      api<Answer>("/api/password-reset/confirm", { method: "POST", body: input }),
  });
  return { request, confirm };
}
