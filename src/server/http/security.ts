import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { AppError, MESSAGES } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSP and friends on every answer, SPA and API alike; HSTS only where it means something. A
 * header the handler set itself stands (an attachment's download sends a stricter CSP of its own).
 */
export function securityHeaders(isHttps: boolean): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: isHttps ? "max-age=63072000; includeSubDomains" : false,
    crossOriginEmbedderPolicy: false,
    overwrite: false,
  });
}

/**
 * Refuses a state-changing request sent by another site: a foreign Origin, or a browser
 * saying Sec-Fetch-Site: cross-site, or same-site (a sibling subdomain, which may belong to
 * someone else) unless its Origin is one of ours. Requests without either (curl,
 * server-to-server) pass.
 */
export function rejectCrossSite(allowedOrigins: string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header("origin");
      const fetchSite = c.req.header("sec-fetch-site");
      const ownOrigin = new URL(c.req.url).origin;
      if (origin && origin !== "null" && !allowed.has(origin) && origin !== ownOrigin) {
        throw new AppError("forbidden", MESSAGES.crossSite);
      }
      const isOwnOrigin = origin !== undefined && (allowed.has(origin) || origin === ownOrigin);
      if (origin === "null" || fetchSite === "cross-site" || (fetchSite === "same-site" && !isOwnOrigin)) {
        throw new AppError("forbidden", MESSAGES.crossSite);
      }
    }
    await next();
  };
}

/** API answers carry account data: no browser or proxy may keep a copy (back button, shared caches). */
export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has("cache-control")) c.res.headers.set("cache-control", "no-store");
  };
}
