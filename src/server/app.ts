import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { AUTH_BASE_PATH } from "./auth/auth.ts";
import { mountAuth, TIGHT_AUTH_ENDPOINTS } from "./auth/auth-routes.ts";
import type { Deps } from "./deps.ts";
import { AppError, errorAnswer, MESSAGES } from "./http/errors.ts";
import { registerRoutes } from "./http/register-routes.ts";
import { noStore, rejectCrossSite, securityHeaders } from "./http/security.ts";
import { serveSpa } from "./http/spa.ts";
import { limitRequests, type TightRoute } from "./rate-limit/request-limits.ts";
import { ROUTES } from "./routes.ts";

/** Large enough for a 5 MB logo sent as base64 JSON (spec), small enough that a request cannot exhaust memory. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Methods whose requests carry no body (fetch refuses one), so there is nothing to limit. */
const BODYLESS_METHODS = new Set(["GET", "HEAD"]);

/** The routes each IP and session may call only a few times (they hash a password or send an e-mail). */
export function tightRoutes(): TightRoute[] {
  return [
    ...ROUTES.filter((route) => route.tightRateLimit),
    ...TIGHT_AUTH_ENDPOINTS.map((endpoint) => ({ method: "POST", path: `${AUTH_BASE_PATH}${endpoint}` })),
  ];
}

export function createApp(deps: Deps, options: { serveWeb?: boolean } = {}): Hono {
  const app = new Hono();
  const isHttps = deps.config.publicUrl.startsWith("https://");

  app.use(requestId());
  app.use(async (c, next) => {
    if (!deps.logger.isLevelEnabled("info")) return next();
    const started = performance.now();
    await next();
    deps.logger.info({
      reqId: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });
  app.use(securityHeaders(isHttps));
  app.use("/api/*", rejectCrossSite(deps.config.allowedOrigins));
  app.use("/api/*", noStore());
  app.use("/api/*", limitRequests(deps, tightRoutes()));
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json(new AppError("payload_too_large", MESSAGES.payloadTooLarge).toBody(), 413),
  });
  // Looking for a body builds the full fetch Request (with an AbortController) that the
  // node adapter otherwise never creates: on a GET that was a tenth of the app's own work.
  // A route with a limit of its own (a CSV import may be larger than any JSON body) answers with it.
  const ownLimits = new Set(ROUTES.filter((route) => route.bodyLimit).map((route) => `${route.method} ${route.path}`));
  app.use("/api/*", (c, next) =>
    BODYLESS_METHODS.has(c.req.method) || ownLimits.has(`${c.req.method} ${c.req.path}`) ? next() : limitBody(c, next),
  );

  mountAuth(app, deps);
  registerRoutes(app, ROUTES, deps);
  app.all("/api/*", (c) => c.json(new AppError("not_found", MESSAGES.routeNotFound).toBody(), 404));
  if (options.serveWeb !== false) serveSpa(app, deps.config.webDist);

  app.onError((error, c) => {
    if (error instanceof AppError) return errorAnswer(error);
    deps.logger.error({ reqId: c.get("requestId"), err: error }, "unhandled error");
    return c.json(new AppError("internal", MESSAGES.internal).toBody(), 500);
  });
  return app;
}
