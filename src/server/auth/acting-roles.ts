import type { Role } from "#domain/roles.ts";
import type { SessionUser } from "./session-user.ts";

export type Actor = Pick<SessionUser, "role" | "apiKeyId" | "keyCreatorRole">;

/**
 * The roles whose permissions must all allow what a request does: the user's own, or with an API
 * key the key's role and its creator's current role (a key never reaches more than its creator,
 * even after the creator's role lost a module or the agency-wide scope; migration 0053 asks the
 * same in SQL).
 */
export function actingRoles(actor: Actor): Role[] {
  if (actor.apiKeyId && actor.keyCreatorRole && actor.keyCreatorRole !== actor.role) {
    return [actor.role, actor.keyCreatorRole];
  }
  return [actor.role];
}
