import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { AUTH_BASE_PATH } from "./auth/auth.ts";
import { mountAuth, TIGHT_AUTH_ENDPOINTS } from "./auth/auth-routes.ts";
import type { Deps } from "./deps.ts";
import { AppError, errorAnswer, MESSAGES } from "./http/errors.ts";
import { limitBody, registerRoutes } from "./http/register-routes.ts";
import { DEFAULT_BODY_LIMIT } from "./http/request-body.ts";
import { noStore, rejectCrossSite, securityHeaders } from "./http/security.ts";
import { serveSpa } from "./http/spa.ts";
import { limitRequests, type TightRoute } from "./rate-limit/request-limits.ts";
import { ROUTES } from "./routes.ts";

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
  // The declared routes limit their own bodies (register-routes.ts); this is better-auth's.
  app.use(`${AUTH_BASE_PATH}/*`, limitBody(DEFAULT_BODY_LIMIT));

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
