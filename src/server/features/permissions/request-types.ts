import type { SessionUser } from "../../auth/session-user.ts";
import type { AuditActor } from "../../audit/record-audit.ts";
import type { RouteContext } from "../../http/route.ts";

export type Tenant = RouteContext<unknown, unknown, never>["tenant"];
export type RequestMeta = RouteContext<unknown, unknown, never>["request"];

export function actorOf(user: SessionUser, request: RequestMeta): AuditActor {
  return { userId: user.id, agencyId: user.agencyId, ...request };
}
