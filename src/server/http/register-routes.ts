import type { Context, Hono, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { z } from "zod";
import "#domain/schemas/zod-locale.ts";
import { BACKGROUND_REQUEST_HEADER } from "#domain/background-request.ts";
import { INTEGRATION_MESSAGES } from "#domain/schemas/integrations.ts";
import { bearerKeyOf } from "../auth/api-key.ts";
import { requestSessionToken } from "../auth/session-cookie.ts";
import { isAllowed, type ResolvedSession, type UnprovenSession } from "../auth/session-user.ts";
import { readTenantRows, type SessionProof, type TenantContext, withTenant, writeTenantRows } from "../db/tenant.ts";
import type { Deps } from "../deps.ts";
import { AppError, MESSAGES } from "./errors.ts";
import { type BodyLimit, DEFAULT_BODY_LIMIT, readBodyText } from "./request-body.ts";
import type { Access, AnyRoute } from "./route.ts";
import { clientIp, type TrustProxy } from "./client-ip.ts";
import { parseOrRefuse } from "./validation.ts";

/** Client IP (the socket's, or what the proxies TRUST_PROXY declares saw) and user agent. */
export function requestMeta(c: Context, trustProxy: TrustProxy): { ip: string | null; userAgent: string | null } {
  return {
    ip: clientIp(trustProxy, socketAddress(c), c.req.header("x-forwarded-for")),
    userAgent: c.req.header("user-agent") ?? null,
  };
}

function socketAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // in-process requests (tests) have no socket
  }
}

const moduleOf = (access: Access) => (access.kind === "permission" ? access.module : null);

function authorize(route: AnyRoute, session: ResolvedSession | null): void {
  const { access } = route;
  if (access.kind === "public") return;
  if (!session) throw new AppError("unauthenticated", MESSAGES.unauthenticated);
  const { user } = session;
  if (!user.isSuperAdmin && !user.isAgencyActive && !route.allowInactiveAgency) {
    throw new AppError("agency_inactive", MESSAGES.agencyInactive);
  }
  if (user.isTwoFactorRequired && !user.isSessionTwoFactorVerified && !route.allowWithoutTwoFactor) {
    throw new AppError("two_factor_required", MESSAGES.twoFactorRequired);
  }
  // A role picked at sign-up reaches nothing until an invite binds the user to an agency.
  if (access.kind === "permission" && !user.isSuperAdmin && !user.agencyId) {
    throw new AppError("no_agency", MESSAGES.noAgency);
  }
  if (access.kind === "super_admin" && !user.isSuperAdmin) throw new AppError("forbidden", MESSAGES.forbidden);
  if (access.kind === "permission" && !isAllowed(user, session.permission, access.action)) {
    throw new AppError("forbidden", MESSAGES.forbidden);
  }
}

function parseWith(schema: z.ZodType | undefined, value: unknown): unknown {
  return schema ? parseOrRefuse(schema, value) : undefined;
}

/** `application/json` or a `+json` type; a form or text/plain body is what a cross-site form would send. */
function isJsonContentType(header: string | undefined): boolean {
  const type = header?.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** The JSON body's limit: the route's own, else the default. */
const jsonBodyLimitOf = (route: AnyRoute): BodyLimit => route.bodyLimit ?? DEFAULT_BODY_LIMIT;

/** The request's body text, read at the first call and kept: a request run again on a fresh session reads it from here. */
type BodyReader = () => Promise<string>;

function bodyReaderOf(c: Context, route: AnyRoute): BodyReader {
  let text: Promise<string> | undefined;
  return () => {
    text ??= readBodyText(c, jsonBodyLimitOf(route));
    return text;
  };
}

async function readJson(c: Context, readBody: BodyReader): Promise<unknown> {
  const text = await readBody();
  if (text.trim() === "") return {};
  if (!isJsonContentType(c.req.header("content-type"))) {
    throw new AppError("unsupported_media_type", MESSAGES.unsupportedMediaType);
  }
  try {
    return JSON.parse(text, refuseUnstorableText);
  } catch {
    throw new AppError("bad_request", MESSAGES.invalidBody);
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL can store: no U+0000 and no lone UTF-16 surrogate (neither has a UTF-8 form). */
function isStorableText(text: string): boolean {
  return !text.includes("\u0000") && !LONE_SURROGATE.test(text);
}

/** A body PostgreSQL could not store is bad input (400), not a failed insert (500). */
function refuseUnstorableText(key: string, value: unknown): unknown {
  if (!isStorableText(key) || (typeof value === "string" && !isStorableText(value))) {
    throw new Error("text PostgreSQL cannot store in the body");
  }
  return value;
}

/** The query string's parameters, refused like a body when PostgreSQL could not store one of them. */
function readQuery(c: Context): Record<string, string> {
  const query = c.req.query();
  for (const [key, value] of Object.entries(query)) {
    if (!isStorableText(key) || !isStorableText(value)) throw new AppError("bad_request", MESSAGES.invalidQuery);
  }
  return query;
}

/** Hono's bodyLimit: Content-Length is checked at once; a chunked body is counted as it arrives. */
export function limitBody({ maxBytes, message }: BodyLimit): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError("payload_too_large", message);
    },
  });
}

/** The session a request runs with, and the proof still owed when it was reused unread. */
type RequestSession = { session: ResolvedSession | null; proof: (SessionProof & { isProven: boolean }) | null };

function proofOf(unproven: UnprovenSession): SessionProof & { isProven: boolean } {
  const proof = {
    authEpoch: unproven.authEpoch,
    expiresAt: unproven.expiresAt,
    isProven: false,
    onProven: () => {
      proof.isProven = true;
    },
  };
  return proof;
}

/** Session, access check, body and query parsing, then the handler. */
async function respond(
  c: Context,
  route: AnyRoute,
  deps: Deps,
  { session, proof }: RequestSession,
  readBody: BodyReader = bodyReaderOf(c, route),
) {
  authorize(route, session);
  const body = route.body ? parseWith(route.body, await readJson(c, readBody)) : undefined;
  const query = route.query ? parseWith(route.query, readQuery(c)) : undefined;
  const user = session?.user ?? null;
  const context: TenantContext = {
    userId: user?.id ?? null,
    agencyId: user?.agencyId ?? null,
    isSuperAdmin: user?.isSuperAdmin ?? false,
    apiKeyId: user?.apiKeyId ?? null,
  };
  const sessionProof = proof ?? undefined;
  const result = await route.handler({
    c,
    body,
    query,
    params: c.req.param() as Record<string, string>,
    user: user as never,
    deps,
    request: requestMeta(c, deps.config.trustProxy),
    sessionEpoch: proof?.authEpoch ?? null,
    tenant: (fn, options) =>
      withTenant(deps.database, context, fn, { ...options, readOnly: route.method === "GET", sessionProof }),
    tenantRows: (statement, params) => readTenantRows(deps.database, context, statement, params, { sessionProof }),
    tenantWrite: (statement, params, options) => {
      if (route.method === "GET") throw new Error(`${route.path}: a GET does not write`);
      return writeTenantRows(deps.database, context, statement, params, { ...options, sessionProof });
    },
  });
  return result instanceof Response ? result : c.json(result ?? { ok: true });
}

/**
 * A signed-in request the user made (not the web's own polling) is activity: it moves the idle
 * timeout (migration 0019); the session store records it with the session read.
 */
const activityOf = (c: Context, deps: Deps): Date | undefined =>
  c.req.header(BACKGROUND_REQUEST_HEADER) ? undefined : deps.now();

/**
 * A read request, or a write that declares `reusesSession`, may reuse the session found by an
 * earlier one without reading it again (session-user.ts): its answer is sent only once the session
 * is proven unchanged, by the statements that read or write the data or else by one more read.
 * Anything else (a changed session, a refusal, any error) is decided again from the session read
 * afresh: a read is safe to run twice, and so is a write that proved nothing (its first statement
 * refused, nothing was written). A write whose session was proven keeps its own answer or error.
 */
async function respondWithSession(c: Context, route: AnyRoute, deps: Deps): Promise<Response> {
  const { sessions } = deps;
  const token = requestSessionToken(c, deps.config);
  const module = moduleOf(route.access);
  const reuseUnproven = route.method === "GET" || route.reusesSession === true;
  let found = token ? await sessions.find(token, module, { reuseUnproven, activityAt: activityOf(c, deps) }) : null;
  const readBody = bodyReaderOf(c, route);
  if (token && found?.unproven) {
    const proof = proofOf(found.unproven);
    try {
      const response = await respond(c, route, deps, { session: found.found.resolved, proof }, readBody);
      if (proof.isProven || (await sessions.prove(found.unproven))) return response;
    } catch (error) {
      // A write that proved the session may have committed: its error stands.
      if (proof.isProven && route.method !== "GET") throw error;
      // decided again below, on the session as it is now
    }
    sessions.forget(token, module);
    found = await sessions.find(token, module);
  }
  return respond(c, route, deps, { session: found?.found.resolved ?? null, proof: null }, readBody);
}

/**
 * A request with `Authorization: Bearer <key>`: the key acts as its creator with its role, through
 * the same authorisation and row-level security as a session (tenant context with app.api_key_id).
 * An unknown, revoked or refused key is 401; a key reaches only routes guarded by a module
 * permission (not account, super admin or people-only routes).
 */
async function respondWithApiKey(c: Context, route: AnyRoute, deps: Deps, key: string): Promise<Response> {
  if (route.access.kind === "public") return respond(c, route, deps, { session: null, proof: null });
  const session = await deps.apiKeys.resolve(key, moduleOf(route.access));
  if (!session) throw new AppError("unauthenticated", INTEGRATION_MESSAGES.invalidKey);
  if (route.access.kind !== "permission" || route.peopleOnly) {
    throw new AppError("forbidden", INTEGRATION_MESSAGES.keysForPeople);
  }
  const keyId = session.user.apiKeyId as string;
  deps.apiKeys
    .touch(keyId, deps.now())
    .catch((error) => deps.logger.warn({ err: error }, "uso da chave não registrado"));
  return respond(c, route, deps, { session, proof: null });
}

/** Mounts every declared route. */
export function registerRoutes(app: Hono, routes: AnyRoute[], deps: Deps): void {
  for (const route of routes) {
    // A JSON body is limited as readJson reads it; a body the handler reads itself (an upload), here.
    if (route.bodyLimit && !route.body) app.on(route.method, route.path, limitBody(route.bodyLimit));
    app.on(route.method, route.path, (c) => {
      const key = bearerKeyOf(c.req.header("authorization"));
      return key === null ? respondWithSession(c, route, deps) : respondWithApiKey(c, route, deps, key);
    });
  }
}
