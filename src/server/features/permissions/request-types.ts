import type { SessionUser } from "../../auth/session-user.ts";
import { actorOf as auditActor } from "../../audit/audit-actor.ts";
import type { AuditActor } from "../../audit/record-audit.ts";
import type { RouteContext } from "../../http/route.ts";

export type Tenant = RouteContext<unknown, unknown, never>["tenant"];
export type RequestMeta = RouteContext<unknown, unknown, never>["request"];

/** The audit actor of a change made in the user's own agency (the platform's, for the super admin). */
export function actorOf(user: SessionUser, request: RequestMeta): AuditActor {
  return auditActor(user, user.agencyId, request);
}
