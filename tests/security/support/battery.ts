import { sql } from "drizzle-orm";
import { ASSIGNABLE_ROLES, type Role } from "#domain/roles.ts";
import type { Config } from "#server/config.ts";
import { queryRows } from "#server/db/client.ts";
import { DEMO_PASSWORD, createUser } from "#tests/factories/users.ts";
import { DEMO_SUPER_ADMIN, seedDemo } from "#tests/factories/demo-data.ts";
import { createTestApp, sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";
import { allTables, tablesWithAgencyId } from "./tables.ts";

export type AgencyRole = Exclude<Role, "super_admin">;
export type Member = { id: string; email: string; role: Role; cookie: string };

export type AgencyFixture = {
  key: "aurora" | "boreal";
  id: string;
  name: string;
  /** One signed-in member per agency role. */
  members: Record<AgencyRole, Member>;
  /** Token of a pending invite of this agency. */
  inviteToken: string;
  /** Id of this agency's first row (oldest) in a table with an id column. */
  firstId(table: string): string;
  /** Ids, e-mails, names and tokens found only in this agency's rows: none may reach another agency. */
  fingerprints: string[];
};

export type Battery = {
  t: TestApp;
  superAdmin: Member;
  aurora: AgencyFixture;
  boreal: AgencyFixture;
  /** Every table of the database, and those with an agency_id column. */
  tables: string[];
  tenantTables: string[];
  otherThan(agency: AgencyFixture): AgencyFixture;
  close(): Promise<void>;
};

export async function signIn(t: TestApp, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await t.request("/api/auth/sign-in/email", { body: { email, password } });
  return sessionCookieFrom(response);
}

/** Rows the demo seed does not make, so every tenant table has data for both agencies. */
async function seedTenantExtras(t: TestApp, agencyId: string, userId: string, key: string): Promise<string> {
  const db = t.database.db;
  const token = `convite-${key}-${"x".repeat(24)}`;
  await db.execute(
    sql`insert into agency_settings (agency_id, setting_key, setting_value) values (${agencyId}, 'language', '"pt-BR"')`,
  );
  await db.execute(
    sql`insert into agency_invites (agency_id, email, role, token, expires_at, invited_by)
        values (${agencyId}, ${`convidado-${key}@${key}.example.com`}, 'team_designer', ${token}, now() + interval '7 days', ${userId})`,
  );
  await db.execute(
    sql`insert into audit_logs (agency_id, user_id, action, resource_type, resource_id, details)
        values (${agencyId}, ${userId}, 'update', 'agency', ${agencyId}, ${JSON.stringify({ nota: `auditoria-${key}` })})`,
  );
  return token;
}

async function members(t: TestApp, agencyId: string, key: string): Promise<Record<AgencyRole, Member>> {
  const result = {} as Record<AgencyRole, Member>;
  const existing = await queryRows<{ id: string; email: string; role: string }>(
    t.database.db,
    sql`select p.id, p.email, r.role from profiles p join user_roles r on r.user_id = p.id where p.agency_id = ${agencyId}`,
  );
  for (const role of ASSIGNABLE_ROLES) {
    const found = existing.find((row) => row.role === role);
    const email = found?.email ?? `${role}@${key}.example.com`;
    const id =
      found?.id ??
      (
        await createUser(t.deps.auth, t.database.db, {
          email,
          role,
          agencyId,
          lastName: key === "boreal" ? "Boreal" : "Aurora",
        })
      ).id;
    result[role] = { id, email, role, cookie: await signIn(t, email) };
  }
  return result;
}

const FINGERPRINT_COLUMNS = ["email", "name", "title", "token", "slug", "domain", "contact_email", "company"];

async function fingerprintValues(t: TestApp, agencyId: string, tenantTables: string[]): Promise<Set<string>> {
  const values = new Set<string>([agencyId]);
  const agencyRows = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select * from agencies where id = ${agencyId}`,
  );
  const rows = [...agencyRows];
  for (const table of tenantTables) {
    rows.push(
      ...(await queryRows<Record<string, unknown>>(
        t.database.db,
        sql`select * from ${sql.identifier(table)} where agency_id = ${agencyId}`,
      )),
    );
  }
  for (const row of rows) {
    for (const [column, value] of Object.entries(row)) {
      if (typeof value !== "string") continue;
      const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
      if (isUuid || (FINGERPRINT_COLUMNS.includes(column) && value.length >= 5)) values.add(value);
    }
  }
  return values;
}

async function agencyFixture(
  t: TestApp,
  key: AgencyFixture["key"],
  agency: { id: string; name: string },
  inviteToken: string,
): Promise<Omit<AgencyFixture, "fingerprints">> {
  const memberMap = await members(t, agency.id, key);
  const firstIds = new Map<string, string>();
  return {
    key,
    id: agency.id,
    name: agency.name,
    members: memberMap,
    inviteToken,
    firstId(table) {
      const id = firstIds.get(table);
      if (!id) throw new Error(`Nenhuma linha de ${key} em ${table}: a bateria não semeou esta tabela.`);
      return id;
    },
    ...{ firstIds },
  } as Omit<AgencyFixture, "fingerprints"> & { firstIds: Map<string, string> };
}

async function loadFirstIds(t: TestApp, fixture: { id: string; firstIds: Map<string, string> }, tables: string[]) {
  for (const table of tables) {
    const [row] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id::text as id from ${sql.identifier(table)} where agency_id = ${fixture.id} order by id limit 1`,
    ).catch(() => [] as { id: string }[]);
    if (row) fixture.firstIds.set(table, row.id);
  }
}

/**
 * The demo (Aurora with every role, Boreal) plus a member of every role in Boreal too, every
 * tenant table filled for both agencies, and a signed-in session for each of them.
 */
export async function createBattery(overrides: { config?: Partial<Config> } = {}): Promise<Battery> {
  const t = await createTestApp(overrides);
  const demo = await seedDemo(t.deps.auth, t.database.db);
  const tables = await allTables(t.database.db);
  const tenantTables = await tablesWithAgencyId(t.database.db);
  const auroraManager = await queryRows<{ id: string }>(
    t.database.db,
    sql`select id from profiles where email = 'agency_manager@aurora.example.com'`,
  );
  const borealManager = await queryRows<{ id: string }>(
    t.database.db,
    sql`select id from profiles where email = 'agency_manager@boreal.example.com'`,
  );
  const auroraToken = await seedTenantExtras(t, demo.aurora.id, auroraManager[0].id, "aurora");
  const borealToken = await seedTenantExtras(t, demo.boreal.id, borealManager[0].id, "boreal");
  const aurora = await agencyFixture(t, "aurora", demo.aurora, auroraToken);
  const boreal = await agencyFixture(t, "boreal", demo.boreal, borealToken);
  for (const fixture of [aurora, boreal] as unknown as { id: string; key: string; firstIds: Map<string, string> }[]) {
    await loadFirstIds(t, fixture, tenantTables);
    const empty = tenantTables.filter((table) => !fixture.firstIds.has(table));
    const withoutId = await queryRows<{ table_name: string }>(
      t.database.db,
      sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'id'`,
    );
    const hasId = new Set(withoutId.map((row) => row.table_name));
    const missing = empty.filter((table) => hasId.has(table));
    if (missing.length > 0) {
      throw new Error(
        `A bateria não tem linhas de ${fixture.key} em ${missing.join(", ")}: acrescente-as em seedTenantExtras (tests/security/support/battery.ts).`,
      );
    }
  }
  const auroraValues = await fingerprintValues(t, demo.aurora.id, tenantTables);
  const borealValues = await fingerprintValues(t, demo.boreal.id, tenantTables);
  const only = (mine: Set<string>, theirs: Set<string>) => [...mine].filter((value) => !theirs.has(value));
  const auroraFixture: AgencyFixture = { ...aurora, fingerprints: only(auroraValues, borealValues) } as AgencyFixture;
  const borealFixture: AgencyFixture = { ...boreal, fingerprints: only(borealValues, auroraValues) } as AgencyFixture;
  const superAdmin: Member = {
    id: demo.adminId,
    email: DEMO_SUPER_ADMIN,
    role: "super_admin",
    cookie: await signIn(t, DEMO_SUPER_ADMIN),
  };
  return {
    t,
    superAdmin,
    aurora: auroraFixture,
    boreal: borealFixture,
    tables,
    tenantTables,
    otherThan: (agency) => (agency.key === "aurora" ? borealFixture : auroraFixture),
    close: () => t.close(),
  };
}

/** The victim's fingerprints that appear in a response body. */
export function leakedFingerprints(body: string, victim: AgencyFixture): string[] {
  return victim.fingerprints.filter((value) => body.includes(value));
}
