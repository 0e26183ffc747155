import {
  type AcceptInviteResponse,
  acceptInviteResponseSchema,
  INVITE_ACCEPTANCE_MESSAGES as M,
  type InviteSummary,
} from "#domain/schemas/invite-acceptance.ts";
import { api, ApiError } from "../../lib/api.ts";

export function fetchInviteSummary(token: string): Promise<InviteSummary> {
  return api<InviteSummary>(`/api/invites/by-token/${encodeURIComponent(token)}`);
}

/** Accepts the invite; resolves with the success message or throws an Error with the pt-BR reason (spec §8). */
export async function acceptInviteToken(token: string): Promise<AcceptInviteResponse> {
  let answer: unknown;
  try {
    answer = await api<unknown>("/api/invites/accept", { method: "POST", body: { token } });
  } catch (error) {
    throw new Error(error instanceof ApiError && error.message ? error.message : M.acceptFailed);
  }
  const parsed = acceptInviteResponseSchema.safeParse(answer);
  if (!parsed.success) throw new Error(M.invalidResponse);
  if (!parsed.data.success) throw new Error(parsed.data.message || M.acceptFailed);
  return parsed.data;
}
