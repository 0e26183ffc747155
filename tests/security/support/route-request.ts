import type { AnyRoute } from "#server/http/route.ts";
import { TEST_ORIGIN } from "#tests/support/test-app.ts";
import type { AgencyFixture, Battery, Member } from "./battery.ts";
import { fillPath } from "./param-fixtures.ts";

/** A body sent as bytes (an upload), not as JSON. */
export type RawBody = { raw: Uint8Array<ArrayBuffer>; contentType: string };

export const isRawBody = (body: unknown): body is RawBody =>
  typeof body === "object" && body !== null && (body as RawBody).raw instanceof Uint8Array;

export type RouteCall = {
  /** Who calls; none means no session. */
  as?: Member | null;
  /** Whose resources fill the path parameters. */
  paramsOf: AgencyFixture;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
};

export type RouteAnswer = { status: number; text: string };

type Sent = { method: string; body?: unknown; cookie?: string; headers?: Record<string, string> };

/** One request to the in-process app: a RawBody goes as bytes, anything else through the JSON helper. */
export function sendRequest(b: Battery, path: string, sent: Sent): Promise<Response> {
  if (!isRawBody(sent.body)) return b.t.request(path, sent);
  const headers: Record<string, string> = {
    "x-forwarded-for": "203.0.113.10",
    ...sent.headers,
    "content-type": sent.body.contentType,
  };
  if (sent.cookie) headers.cookie = sent.cookie;
  return Promise.resolve(
    b.t.app.request(`${TEST_ORIGIN}${path}`, { method: sent.method, headers, body: sent.body.raw }),
  );
}

/** One call of a route of the table, answered as status and raw body text. */
export async function callRoute(b: Battery, route: AnyRoute, call: RouteCall): Promise<RouteAnswer> {
  const search = call.query && Object.keys(call.query).length > 0 ? `?${new URLSearchParams(call.query)}` : "";
  const sendsBody = route.method !== "GET" && call.body !== undefined;
  const response = await sendRequest(b, `${fillPath(route.path, call.paramsOf)}${search}`, {
    method: route.method,
    cookie: call.as?.cookie,
    body: sendsBody ? call.body : undefined,
    headers: call.headers,
  });
  return { status: response.status, text: await answerText(response) };
}

/**
 * The answer's body; an event stream (live notifications) never ends, so its first chunk, read
 * within a second, and then the stream is closed (which must free it on the server).
 */
export async function answerText(response: Response): Promise<string> {
  if (!response.headers.get("content-type")?.startsWith("text/event-stream") || !response.body) return response.text();
  const reader = response.body.getReader();
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 1_000));
  const first = await Promise.race([reader.read(), timeout]);
  await reader.cancel();
  return first && !first.done ? new TextDecoder().decode(first.value) : "";
}

export const describeCall = (route: AnyRoute, who: string, answer: RouteAnswer) =>
  `${route.method} ${route.path} as ${who} → ${answer.status} ${answer.text.slice(0, 300)}`;
