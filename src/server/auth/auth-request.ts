import type { Context } from "hono";
import type { TrustProxy } from "../http/client-ip.ts";
import { requestMeta } from "../http/register-routes.ts";

/** The header better-auth reads the client address from (auth.ts `ipAddressHeaders`). */
export const CLIENT_IP_HEADER = "x-nexo-client-ip";

/**
 * The request handed to better-auth: it carries the address we trust (the socket, or
 * what the proxies declared in TRUST_PROXY saw) in our own header, replacing any value the client
 * sent, so its rate limit and session rows see the real client and cannot be dodged by a
 * forged header. With `body`, better-auth receives our parsed fields instead of the client's.
 */
export function authRequest(c: Context, trustProxy: TrustProxy, body?: Record<string, unknown>): Request {
  const original = c.req.raw;
  const headers = new Headers(original.headers);
  headers.delete(CLIENT_IP_HEADER);
  const { ip } = requestMeta(c, trustProxy);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  if (body === undefined) return new Request(original, { headers });
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Request(original.url, { method: original.method, headers, body: JSON.stringify(body) });
}
