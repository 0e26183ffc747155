import { sql } from "drizzle-orm";
import type { Role } from "#domain/roles.ts";
import { queryRows } from "#server/db/client.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import type { OnQuery } from "#server/db/client.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

export type Member = { id: string; email: string; cookie: string };

/** An app with two agencies and members of the roles delivery tests need. */
export async function deliveryFixture(options: { onQuery?: OnQuery } = {}) {
  const t = await createTestApp({ onQuery: options.onQuery });
  const aurora = (await createAgency(t.database.owner, { name: "Aurora Entrega" })).id;
  const boreal = (await createAgency(t.database.owner, { name: "Boreal Entrega" })).id;
  const as = (role: Role, agencyId = aurora, tag = "") =>
    signedInAs(t, `${role}${tag}@${agencyId.slice(0, 8)}.com.br`, role, agencyId);
  const people = {
    manager: await as("agency_manager"),
    pm: await as("project_manager"),
    designer: await as("team_designer"),
    copywriter: await as("team_copywriter"),
    closer: await as("sales_closer"),
    outsider: await as("agency_manager", boreal),
  };
  return { t, aurora, boreal, people, as };
}

export type DeliveryFixture = Awaited<ReturnType<typeof deliveryFixture>>;

/** A project the manager creates with the designer as its only member; its id. */
export async function designersProject(f: DeliveryFixture, name: string): Promise<string> {
  const { manager, designer } = f.people;
  const body = { name, memberIds: [designer.id] };
  return (await json<{ id: string }>(await send(f.t, manager.cookie, "/api/projects", body), 201)).id;
}

export async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

export const send = (t: TestApp, cookie: string, path: string, body?: unknown, method?: string) =>
  t.request(path, { cookie, body, method: method ?? (body === undefined ? "GET" : "POST") });

export async function countRows(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.owner, sql`select count(*)::int as n from (${query}) q`);
  return row.n;
}
