import type { AnyRoute } from "#server/http/route.ts";
import type { AgencyFixture, Battery, Member } from "./battery.ts";
import { fillPath } from "./param-fixtures.ts";

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

/** One call of a route of the table, answered as status and raw body text. */
export async function callRoute(b: Battery, route: AnyRoute, call: RouteCall): Promise<RouteAnswer> {
  const search = call.query && Object.keys(call.query).length > 0 ? `?${new URLSearchParams(call.query)}` : "";
  const sendsBody = route.method !== "GET" && call.body !== undefined;
  const response = await b.t.request(`${fillPath(route.path, call.paramsOf)}${search}`, {
    method: route.method,
    cookie: call.as?.cookie,
    body: sendsBody ? call.body : undefined,
    headers: call.headers,
  });
  return { status: response.status, text: await response.text() };
}

export const describeCall = (route: AnyRoute, who: string, answer: RouteAnswer) =>
  `${route.method} ${route.path} as ${who} → ${answer.status} ${answer.text.slice(0, 300)}`;
