import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { mountAuth } from "./auth/auth-routes.ts";
import type { Deps } from "./deps.ts";
import { AppError, MESSAGES } from "./http/errors.ts";
import { registerRoutes } from "./http/register-routes.ts";
import { rejectCrossSite, securityHeaders } from "./http/security.ts";
import { serveSpa } from "./http/spa.ts";
import { ROUTES } from "./routes.ts";

export function createApp(deps: Deps, options: { serveWeb?: boolean } = {}): Hono {
  const app = new Hono();
  const isHttps = deps.config.publicUrl.startsWith("https://");

  app.use(requestId());
  app.use(async (c, next) => {
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

  mountAuth(app, deps);
  registerRoutes(app, ROUTES, deps);
  app.all("/api/*", (c) => c.json(new AppError("not_found", MESSAGES.routeNotFound).toBody(), 404));
  if (options.serveWeb !== false) serveSpa(app, deps.config.webDist);

  app.onError((error, c) => {
    if (error instanceof AppError) return c.json(error.toBody(), error.status);
    deps.logger.error({ reqId: c.get("requestId"), err: error }, "unhandled error");
    return c.json(new AppError("internal", MESSAGES.internal).toBody(), 500);
  });
  return app;
}
