import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { InvitePreview } from "#domain/schemas/invite-acceptance.ts";
import type { SignUpInput } from "#domain/schemas/sign-in.ts";
import { api } from "../../lib/api.ts";
import { broadcastAuthChange, ME_QUERY_KEY } from "../../lib/session.ts";
import { signInWithPassword, signUpWithPassword } from "../auth/auth-api.ts";
import { acceptInviteToken } from "./accept-invite-api.ts";

export function useInvitePreview(token: string) {
  return useQuery({
    queryKey: ["invite-preview", token],
    queryFn: () => api<InvitePreview>(`/api/invites/preview/${encodeURIComponent(token)}`),
    retry: false,
  });
}

export type LandingOutcome = { kind: "accepted"; message: string } | { kind: "second-factor" };

/**
 * One step from the link to the agency: create the account (or sign in), then accept the invite,
 * then reload the profile. A sign-in that asks for a second factor stops before accepting.
 */
export function useJoinFromInvite(token: string) {
  const queryClient = useQueryClient();
  const finish = async (): Promise<LandingOutcome> => {
    const accepted = await acceptInviteToken(token);
    broadcastAuthChange();
    await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    return { kind: "accepted", message: accepted.message };
  };
  return {
    signUp: async (input: Omit<SignUpInput, "role" | "company">): Promise<LandingOutcome> => {
      // The invite's token tells the server this address was reached by the invite's e-mail (decision 019).
      await signUpWithPassword({ ...input, role: "user", company: undefined, inviteToken: token });
      return finish();
    },
    signIn: async (email: string, password: string): Promise<LandingOutcome> => {
      const result = await signInWithPassword(email, password);
      if (result.twoFactorRedirect) return { kind: "second-factor" };
      return finish();
    },
  };
}
