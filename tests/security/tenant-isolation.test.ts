import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSIGNABLE_ROLES } from "#domain/roles.ts";
import { prepareDatabase } from "#server/bootstrap.ts";
import { queryRows, type Tx } from "#server/db/client.ts";
import { TENANT_TABLES } from "#server/db/schema.ts";
import { APP_ROLE, assertAppRoleIsConfined, withTenant } from "#server/db/tenant.ts";
import { ROUTES } from "#server/routes.ts";
import { TEST_DB_KIND } from "#tests/support/test-database.ts";
import {
  type AgencyFixture,
  type Battery,
  createBattery,
  leakedFingerprints,
  ROUTE_WALK_TIMEOUT_MS,
} from "./support/battery.ts";
import { callerPassing } from "./support/callers.ts";
import { isBearerSecretRoute, pathParams, servesLibraryAsset } from "./support/param-fixtures.ts";
import { logoMarker, storedLogoHash } from "./support/logo.ts";
import { callRoute, describeCall, isRawBody } from "./support/route-request.ts";
import { sampleQuery, sampleRequestBody } from "./support/samples.ts";
import { agencyHash } from "./support/tables.ts";

let b: Battery;
let requests = 0;
let dbChecks = 0;

beforeAll(async () => {
  b = await createBattery();
});
afterAll(async () => {
  console.log(
    `[security:tenant-isolation] routes covered=${ROUTES.length} cross-agency requests=${requests} tenant tables=${b?.tenantTables.length} database checks=${dbChecks}`,
  );
  await b?.close();
});

const directions = () =>
  [
    ["Aurora", "Boreal", b.aurora, b.boreal],
    ["Boreal", "Aurora", b.boreal, b.aurora],
  ] as const;

const forged = (victim: AgencyFixture) => ({ agency_id: victim.id, agencyId: victim.id });

/** The valid body with the victim's agency id forged in; an upload's bytes go as they are. */
function withForgedAgency(body: ReturnType<typeof sampleRequestBody>, victim: AgencyFixture) {
  return body === undefined || isRawBody(body) ? body : { ...body, ...forged(victim) };
}

/** The victim's rows and its logo file (kept outside the database). */
const victimState = async (victim: AgencyFixture) =>
  `${await agencyHash(b.t.database.owner, victim.id, b.tenantTables)}#${await storedLogoHash(b.t.deps.storage, victim.id)}`;

describe("every route, called by every role of the other agency", () => {
  it("the leak detector finds an agency's own rows in its own answers (so its silence below means something)", async () => {
    for (const agency of [b.aurora, b.boreal]) {
      expect(agency.fingerprints.length).toBeGreaterThan(30);
      const response = await b.t.request("/api/me", { cookie: agency.members.team_designer.cookie });
      expect(leakedFingerprints(await response.text(), agency)).toContain(agency.members.team_designer.email);
      // The seeded logo is really there, and its bytes carry a marker the detector knows.
      const logo = await b.t.request(`/api/agencies/${agency.id}/logo`, {
        cookie: agency.members.team_designer.cookie,
      });
      expect(logo.status).toBe(200);
      expect(leakedFingerprints(await logo.text(), agency)).toContain(logoMarker(agency.key));
    }
  });

  it.each([0, 1])(
    "direction %i: answers 401/403/404 for the victim's resources and leaks none of its rows",
    async (i) => {
      const [, , attacker, victim] = directions()[i];
      const before = await victimState(victim);
      const problems: string[] = [];
      for (const route of ROUTES) {
        const targetsResource = pathParams(route.path).length > 0 && !isBearerSecretRoute(route.path);
        for (const role of ASSIGNABLE_ROLES) {
          requests++;
          const answer = await callRoute(b, route, {
            as: attacker.members[role],
            paramsOf: pathParams(route.path).length > 0 ? victim : attacker,
            body: withForgedAgency(sampleRequestBody(route, attacker), victim),
            query: route.query ? { ...sampleQuery(route, attacker), ...forged(victim) } : undefined,
          });
          const who = `${role} of ${attacker.key}`;
          if (targetsResource && ![401, 403, 404].includes(answer.status)) {
            problems.push(`answered a foreign resource: ${describeCall(route, who, answer)}`);
          }
          const leaks =
            isBearerSecretRoute(route.path) || servesLibraryAsset(route.path)
              ? []
              : leakedFingerprints(answer.text, victim);
          if (leaks.length > 0) problems.push(`leaked ${leaks.join(", ")}: ${describeCall(route, who, answer)}`);
        }
      }
      expect(problems).toEqual([]);
      expect(await victimState(victim)).toBe(before);
    },
    ROUTE_WALK_TIMEOUT_MS,
  );

  it.each([0, 1])(
    "direction %i: a forged agency id in a valid body or query changes nothing of the victim",
    async (i) => {
      const [, , attacker, victim] = directions()[i];
      const before = await victimState(victim);
      const bodyRoutes = ROUTES.filter((route) => route.body || route.query);
      expect(bodyRoutes.length).toBeGreaterThan(0);
      for (const route of bodyRoutes) {
        requests++;
        const answer = await callRoute(b, route, {
          as: callerPassing(b, route, attacker),
          paramsOf: attacker,
          body: withForgedAgency(sampleRequestBody(route, attacker), victim),
          query: route.query ? { ...sampleQuery(route, attacker), ...forged(victim) } : undefined,
        });
        expect(answer.status, describeCall(route, "a caller who passes", answer)).toBeLessThan(500);
        expect(await victimState(victim), describeCall(route, "forger", answer)).toBe(before);
      }
    },
    ROUTE_WALK_TIMEOUT_MS,
  );
});

describe("row-level security of every table with an agency_id, as the application role", () => {
  it("TENANT_TABLES lists every table with an agency_id column, each with RLS on and a policy", async () => {
    expect(
      [...b.tenantTables].sort(),
      "a table with agency_id is missing from TENANT_TABLES (src/server/db/schema.ts) or from drizzle/*_rls.sql",
    ).toEqual([...TENANT_TABLES].sort());
    const guarded = await queryRows<{ relname: string; rls: boolean; policies: number }>(
      b.t.database.owner,
      sql`select c.relname, c.relrowsecurity as rls,
                 (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relname in (${sql.join(
             [...b.tenantTables, "agencies", "user_roles"].map((t) => sql`${t}`),
             sql`, `,
           )})`,
    );
    for (const row of guarded) {
      expect(row.rls && row.policies > 0, `${row.relname} has no row-level security policy`).toBe(true);
    }
    expect(guarded).toHaveLength(b.tenantTables.length + 2);
  });

  async function insertableColumns(table: string): Promise<string[]> {
    const rows = await queryRows<{ column_name: string }>(
      b.t.database.owner,
      sql`select column_name from information_schema.columns
           where table_schema = 'public' and table_name = ${table}
             and not (column_name = 'id' and column_default is not null)
             and is_generated = 'NEVER'
           order by ordinal_position`,
    );
    return rows.map((row) => row.column_name);
  }

  /** The database's own message (drizzle wraps it in a "Failed query" error). */
  async function databaseError(statement: Promise<unknown>): Promise<string> {
    try {
      await statement;
      return "no error";
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause;
      return cause?.message ?? (error as Error).message;
    }
  }

  const as = <T>(agency: AgencyFixture, fn: (tx: Tx) => Promise<T>) =>
    withTenant(
      b.t.database,
      { userId: agency.members.agency_manager.id, agencyId: agency.id, isSuperAdmin: false },
      fn,
    );

  it.each([0, 1])("direction %i: select, insert, update and delete never reach the other agency's rows", async (i) => {
    const [, , self, other] = directions()[i];
    const before = await agencyHash(b.t.database.owner, other.id, b.tenantTables);
    for (const table of b.tenantTables) {
      const id = sql.identifier(table);
      dbChecks += 4;
      const seen = await as(self, (tx) =>
        queryRows<{ agency_id: string | null }>(tx, sql`select agency_id from ${id}`),
      );
      expect(seen.length, `${table}: the agency sees none of its own rows`).toBeGreaterThan(0);
      expect(
        seen.filter((row) => row.agency_id !== self.id),
        `${table} shows foreign rows`,
      ).toEqual([]);

      const columns = await insertableColumns(table);
      const values = columns.map((column) =>
        column === "agency_id" ? sql`${other.id}::uuid` : sql.identifier(column),
      );
      const list = sql.join(
        columns.map((column) => sql.identifier(column)),
        sql`, `,
      );
      const refusal = await databaseError(
        as(self, (tx) =>
          tx.execute(sql`insert into ${id} (${list}) select ${sql.join(values, sql`, `)} from ${id} limit 1`),
        ),
      );
      // Refused by the policy, or before it by a trigger that checks a referenced row's agency (deals' stage).
      expect(refusal, `${table} accepted a row for the other agency`).toMatch(/row-level security|of another agency/);

      const updated = await as(self, (tx) =>
        queryRows(tx, sql`update ${id} set agency_id = agency_id where agency_id = ${other.id} returning 1`),
      );
      expect(updated, `${table}: updated a foreign row`).toHaveLength(0);
      const deleted = await as(self, (tx) =>
        queryRows(tx, sql`delete from ${id} where agency_id = ${other.id} returning 1`),
      );
      expect(deleted, `${table}: deleted a foreign row`).toHaveLength(0);
    }
    dbChecks += 3;
    const agencies = await as(self, (tx) => queryRows<{ id: string }>(tx, sql`select id from agencies`));
    expect(agencies.map((row) => row.id)).toEqual([self.id]);
    expect(
      await databaseError(
        as(self, (tx) => tx.execute(sql`insert into agencies (name, slug) values ('Intrusa', ${`intrusa-${i}`})`)),
      ),
    ).toMatch(/row-level security/);
    const renamed = await as(self, (tx) =>
      queryRows(tx, sql`update agencies set name = 'Tomada' where id = ${other.id} returning 1`),
    );
    expect(renamed).toHaveLength(0);
    expect(await agencyHash(b.t.database.owner, other.id, b.tenantTables)).toBe(before);
  });
});

describe("start-up guard: the application role must be confined by RLS", () => {
  it("passes for the migrated nexo_app role", async () => {
    await expect(assertAppRoleIsConfined(b.t.database.owner)).resolves.toBeUndefined();
  });

  it.each(["superuser", "bypassrls"])("refuses a role with %s", async (attribute) => {
    const role = `nexo_guard_${randomBytes(4).toString("hex")}`;
    await b.t.database.owner.execute(sql.raw(`create role ${role} nologin ${attribute}`));
    try {
      await expect(assertAppRoleIsConfined(b.t.database.owner, role)).rejects.toThrow(/segurança por linha/);
    } finally {
      await b.t.database.owner.execute(sql.raw(`drop role ${role}`));
    }
  });

  it("is part of the start-up sequence (bootstrap's prepareDatabase, run by main.ts)", async () => {
    expect(readFileSync("src/server/main.ts", "utf8")).toMatch(/await prepareDatabase\(database\)/);
    if (TEST_DB_KIND !== "pglite") {
      // Roles are cluster-wide on PostgreSQL: altering nexo_app would break every other test run on the server.
      console.log(
        "[security:tenant-isolation] prepareDatabase refusal checked on PGlite only (roles are cluster-wide)",
      );
      return;
    }
    await b.t.database.owner.execute(sql.raw(`alter role ${APP_ROLE} bypassrls`));
    try {
      await expect(prepareDatabase(b.t.database)).rejects.toThrow(/recusando iniciar/);
    } finally {
      await b.t.database.owner.execute(sql.raw(`alter role ${APP_ROLE} nobypassrls`));
    }
    await expect(assertAppRoleIsConfined(b.t.database.owner)).resolves.toBeUndefined();
  });
});
