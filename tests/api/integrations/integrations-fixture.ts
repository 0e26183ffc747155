import { sql } from "drizzle-orm";
import type { Role } from "#domain/roles.ts";
import type { CreatedApiKey, CreatedWebhook } from "#domain/schemas/integrations.ts";
import type { Config } from "#server/config.ts";
import { queryRows } from "#server/db/client.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { json, send } from "#tests/api/delivery/delivery-fixture.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/** An app with two agencies, a manager in each, and helpers to call the API with a key. */
export async function integrationsFixture(config: Partial<Config> = {}) {
  const t = await createTestApp({ config });
  const aurora = (await createAgency(t.database.owner, { name: "Aurora Integra" })).id;
  const boreal = (await createAgency(t.database.owner, { name: "Boreal Integra" })).id;
  const as = (role: Role, agencyId = aurora, tag = "") =>
    signedInAs(t, `${role}${tag}@${agencyId.slice(0, 8)}.integra.com.br`, role, agencyId);
  const manager = await as("agency_manager");
  const outsider = await as("agency_manager", boreal);
  const createKey = async (cookie: string, role: Role, name = `Chave ${role}`) =>
    json<CreatedApiKey>(await send(t, cookie, "/api/api-keys", { name, role }), 201);
  const createHook = async (cookie: string, url: string, events: string[]) =>
    json<CreatedWebhook>(await send(t, cookie, "/api/webhooks", { url, events }), 201);
  return { t, aurora, boreal, as, manager, outsider, createKey, createHook };
}

/** A request made with `Authorization: Bearer <key>` (no cookie). */
export const withKey = (t: TestApp, key: string, path: string, body?: unknown, method?: string) =>
  t.request(path, {
    headers: { authorization: `Bearer ${key}` },
    body,
    method: method ?? (body === undefined ? "GET" : "POST"),
  });

export async function ownerRows<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return queryRows<T>(t.database.owner, query);
}

export { json, send, sql };
