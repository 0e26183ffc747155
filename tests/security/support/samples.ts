import type { AnyRoute } from "#server/http/route.ts";
import type { AgencyFixture } from "./battery.ts";

export type SampleContext = { agency: AgencyFixture; unique: string };

/**
 * A VALID body (or query) for each route with a schema, built for the caller's own agency.
 * The batteries mutate it (forged agency ids, fuzzing), so it must pass the route's schema.
 */
export const BODY_SAMPLES: Record<string, (ctx: SampleContext) => Record<string, unknown>> = {
  "POST /api/admin-setup": ({ unique }) => ({ email: `setup-${unique}@example.com`, password: "Segura@2026!x" }),
  "POST /api/invites/accept": ({ agency }) => ({ token: agency.inviteToken }),
  "POST /api/admin/agencies": ({ unique }) => ({ name: `Agência ${unique}`, slug: `agencia-${unique}` }),
  "PUT /api/admin/agencies/:id": ({ agency }) => ({ name: agency.name, slug: `agencia-${agency.key}` }),
  "POST /api/admin/users/delete": ({ unique }) => ({ email: `ninguem-${unique}@example.com` }),
  "POST /api/audit-logs/cleanup": () => ({ days: 3650 }),
  "POST /api/admin/security/unlock": ({ unique }) => ({ email: `ninguem-${unique}@example.com` }),
};

export const QUERY_SAMPLES: Record<string, (ctx: SampleContext) => Record<string, string>> = {
  "GET /api/admin/agencies": () => ({}),
  "GET /api/audit-logs": () => ({}),
};

export const routeKey = (route: Pick<AnyRoute, "method" | "path">) => `${route.method} ${route.path}`;

function sampleFrom<T>(
  table: Record<string, (ctx: SampleContext) => T>,
  tableName: string,
  route: AnyRoute,
  ctx: SampleContext,
): T {
  const make = table[routeKey(route)];
  if (!make) {
    throw new Error(
      `no valid sample for ${routeKey(route)} — add '${routeKey(route)}': (ctx) => ({ ... }) to ${tableName} in tests/security/support/samples.ts`,
    );
  }
  return make(ctx);
}

let counter = 0;
export const uniqueSuffix = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export function sampleBody(route: AnyRoute, agency: AgencyFixture): Record<string, unknown> | undefined {
  if (!route.body) return undefined;
  return sampleFrom(BODY_SAMPLES, "BODY_SAMPLES", route, { agency, unique: uniqueSuffix() });
}

export function sampleQuery(route: AnyRoute, agency: AgencyFixture): Record<string, string> | undefined {
  if (!route.query) return undefined;
  return sampleFrom(QUERY_SAMPLES, "QUERY_SAMPLES", route, { agency, unique: uniqueSuffix() });
}

/** The sample must really be valid, or every battery built on it tests nothing. */
export function assertSampleIsValid(route: AnyRoute, agency: AgencyFixture): void {
  for (const [schema, value] of [
    [route.body, sampleBody(route, agency)],
    [route.query, sampleQuery(route, agency)],
  ] as const) {
    if (!schema) continue;
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      throw new Error(
        `the sample of ${routeKey(route)} in tests/security/support/samples.ts no longer passes its schema: ${parsed.error.issues[0]?.message}`,
      );
    }
  }
}
