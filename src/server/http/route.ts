import type { Context } from "hono";
import type { z } from "zod";
import type { Module } from "#domain/modules.ts";
import type { Action } from "#domain/permissions.ts";
import type { SessionUser } from "../auth/session-user.ts";
import type { Tx } from "../db/client.ts";
import type { TenantOptions, TenantRows, TenantWrite } from "../db/tenant.ts";
import type { Deps } from "../deps.ts";
import type { BodyLimit } from "./request-body.ts";

/** What a route requires; every route declares exactly one. */
export type Access =
  | { kind: "public" }
  | { kind: "signed_in" }
  | { kind: "super_admin" }
  | { kind: "permission"; module: Module; action: Action };

export const PUBLIC = { kind: "public" } as const satisfies Access;
export const SIGNED_IN = { kind: "signed_in" } as const satisfies Access;
export const SUPER_ADMIN = { kind: "super_admin" } as const satisfies Access;
export const needs = (module: Module, action: Action) =>
  ({ kind: "permission", module, action }) as const satisfies Access;

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export type RouteContext<B, Q, A extends Access> = {
  c: Context;
  body: B;
  query: Q;
  params: Record<string, string>;
  user: A extends { kind: "public" } ? SessionUser | null : SessionUser;
  deps: Deps;
  /**
   * Runs fn scoped to the user's agency by row-level security, in one transaction (read only on a
   * GET; see withTenant).
   */
  tenant: <T>(
    fn: (tx: Tx) => Promise<T>,
    options?: Pick<TenantOptions, "statementTimeoutMs" | "repeatableRead">,
  ) => Promise<T>;
  /**
   * One read statement scoped like `tenant`, its rows as arrays, in one round trip (see
   * readTenantRows): for the few reads whose speed the bench measures.
   */
  tenantRows: TenantRows;
  /**
   * One writing statement scoped like `tenant`, as its own transaction, in one round trip (see
   * writeTenantRows): for the few writes whose speed the bench measures. Refused on a GET.
   */
  tenantWrite: TenantWrite;
  request: { ip: string | null; userAgent: string | null };
  /**
   * The auth epoch the request's session is proven at by its first tenant statement (epoch-cache.ts),
   * when the session was reused unread; null when it was read afresh or there is none.
   */
  sessionEpoch: string | null;
};

export type RouteDef<
  BS extends z.ZodType | undefined = z.ZodType | undefined,
  QS extends z.ZodType | undefined = z.ZodType | undefined,
  A extends Access = Access,
> = {
  method: HttpMethod;
  path: string;
  access: A;
  body?: BS;
  query?: QS;
  /**
   * What a 2xx answer's JSON body looks like (src/domain/schemas): published in the OpenAPI
   * document and checked against real answers by its test. Routes that answer a file say so
   * with a non-JSON description instead.
   */
  response?: z.ZodType | { contentType: string; description: string };
  /** One line for the API reference (pt-BR). */
  summary?: string;
  /** Reachable before the two-factor enrolment an agency may require (identity routes). */
  allowWithoutTwoFactor?: boolean;
  /** Refused to API keys though they hold the permission (managing keys and webhooks is for people). */
  peopleOnly?: boolean;
  /** Reachable by users of an inactive agency (so they can read who they are). */
  allowInactiveAgency?: boolean;
  /**
   * Hashes a password or sends an e-mail: besides the limits of every route, each IP and each
   * session may call it only `requestLimits.tight` times per window (rate-limit/request-limits.ts).
   */
  tightRateLimit?: boolean;
  /** A bigger body is refused with 413 and this pt-BR message before it is read in full (uploads). */
  bodyLimit?: BodyLimit;
  /**
   * A write that may run on the session found by an earlier request, unread (as reads do): its
   * handler's only effects are its tenant transactions (`tenant`, `tenantWrite`), each of which
   * proves the session in its first statement, so a changed session is refused before anything is
   * written and the request runs again on the session read afresh. One round trip fewer per write.
   */
  reusesSession?: boolean;
  handler: (ctx: RouteContext<Infer<BS>, Infer<QS>, A>) => Promise<unknown>;
};

export type AnyRoute = RouteDef<z.ZodType | undefined, z.ZodType | undefined, Access>;

export function defineRoute<
  BS extends z.ZodType | undefined = undefined,
  QS extends z.ZodType | undefined = undefined,
  A extends Access = Access,
>(route: RouteDef<BS, QS, A>): AnyRoute {
  return route as unknown as AnyRoute;
}

export function describeAccess(access: Access): string {
  return access.kind === "permission" ? `${access.module}:${access.action}` : access.kind;
}
