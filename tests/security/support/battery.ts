import { sql } from "drizzle-orm";
import { ASSIGNABLE_ROLES, type Role } from "#domain/roles.ts";
import type { Config } from "#server/config.ts";
import { queryRows } from "#server/db/client.ts";
import { writeAutoBackup } from "#server/features/auto-backups/write-auto-backup.ts";
import { DEMO_PASSWORD, createUser } from "#tests/factories/users.ts";
import { DEMO_SUPER_ADMIN, seedDemo } from "#tests/factories/demo-data.ts";
import { createTestApp, sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";
import { logoMarker, pngWithMarker } from "./logo.ts";
import { TEMPLATE_ROLE } from "./samples.ts";
import { allTables, installWriteCounters, tablesWithAgencyId } from "./tables.ts";

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
  /** Public link token of this agency's (answered) quote. */
  quoteToken: string;
  /** Another pending invite of this agency, the one the cancel route targets (the token's stays). */
  cancellableInviteId: string;
  /** Platform-wide resources of the super admin's routes (the same for both agencies). */
  platform: PlatformFixture;
  /** Id of this agency's first row (oldest) in a table with an id column. */
  firstId(table: string): string;
  /** Ids, e-mails, names and tokens found only in this agency's rows: none may reach another agency. */
  fingerprints: string[];
};

export type PlatformFixture = { templateId: string; backupId: string };

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

type TenantExtras = { inviteToken: string; cancellableInviteId: string; quoteToken: string };

/** Rows the demo seed does not make, so every tenant table has data for both agencies. */
async function seedTenantExtras(t: TestApp, agencyId: string, userId: string, key: string): Promise<TenantExtras> {
  const db = t.database.owner;
  const token = `convite-${key}-${"x".repeat(24)}`;
  await db.execute(
    sql`insert into agency_settings (agency_id, setting_key, setting_value) values (${agencyId}, 'language', '"pt-BR"')`,
  );
  await db.execute(
    sql`insert into agency_invites (agency_id, email, role, token, expires_at, invited_by)
        values (${agencyId}, ${`convidado-${key}@${key}.example.com`}, 'team_designer', ${token}, now() + interval '7 days', ${userId})`,
  );
  const [cancellable] = await queryRows<{ id: string }>(
    db,
    sql`insert into agency_invites (agency_id, email, role, token, expires_at, invited_by)
        values (${agencyId}, ${`cancelavel-${key}@${key}.example.com`}, 'user', ${`cancelavel-${key}-${"y".repeat(24)}`},
                now() + interval '7 days', ${userId})
        returning id`,
  );
  await db.execute(
    sql`insert into audit_logs (agency_id, user_id, action, resource_type, resource_id, details)
        values (${agencyId}, ${userId}, 'update', 'agency', ${agencyId}, ${JSON.stringify({ nota: `auditoria-${key}` })})`,
  );
  const [company] = await queryRows<{ id: string }>(
    db,
    sql`insert into companies (agency_id, name, document, owner_id) values (${agencyId}, ${`Empresa ${key}`}, '11222333000181', ${userId})
        returning id`,
  );
  const quoteToken = await seedFinance(t, agencyId, userId, key, company.id);
  await db.execute(
    sql`insert into timeline_events (agency_id, record_type, record_id, kind, actor_id, details)
        values (${agencyId}, 'company', gen_random_uuid(), 'note', ${userId}, ${JSON.stringify({ nota: `linha-do-tempo-${key}` })})`,
  );
  await db.execute(
    sql`insert into notifications (agency_id, user_id, kind, title) values (${agencyId}, ${userId}, 'test', ${`aviso-${key}`})`,
  );
  await db.execute(
    sql`insert into notification_email_preferences (agency_id, user_id, kind, email) values (${agencyId}, ${userId}, 'mentioned', false)`,
  );
  await db.execute(
    // One per member: the route walk revokes the feeds of the roles that reach the calendar.
    sql`insert into calendar_feeds (agency_id, user_id, token_hash)
        select ${agencyId}, id, ${`hash-${key}-`} || id from profiles where agency_id = ${agencyId}`,
  );
  await seedPlatformServices(db, agencyId, userId, key);
  await seedCrm(db, agencyId, userId, key);
  return { inviteToken: token, cancellableInviteId: cancellable.id, quoteToken };
}

/** One row in each finance table; the quote is already answered, so its public link changes nothing. */
async function seedFinance(
  t: TestApp,
  agencyId: string,
  userId: string,
  key: string,
  companyId: string,
): Promise<string> {
  const db = t.database.owner;
  const quoteToken = `${key}${"q".repeat(43 - key.length)}`;
  await db.execute(
    sql`insert into finance_settings (agency_id, pix_key_type, pix_key) values (${agencyId}, 'email', ${`pix@${key}.example.com`})
        on conflict (agency_id) do nothing`,
  );
  // The demo seed may have numbered invoices already: the battery's takes the next number.
  const [counter] = await queryRows<{ last_number: number }>(
    db,
    sql`insert into invoice_counters (agency_id, last_number) values (${agencyId}, 1)
        on conflict (agency_id) do update set last_number = invoice_counters.last_number + 1 returning last_number`,
  );
  await db.execute(
    sql`insert into price_items (agency_id, name, unit_price_cents) values (${agencyId}, ${`Serviço ${key}`}, 10000)`,
  );
  await db.execute(sql`insert into expense_categories (agency_id, name) values (${agencyId}, ${`Categoria ${key}`})`);
  await db.execute(
    sql`insert into expenses (agency_id, supplier, spent_on, amount_cents, created_by) values (${agencyId}, ${`Fornecedor ${key}`}, '2026-01-10', 5000, ${userId})`,
  );
  const [quote] = await queryRows<{ id: string }>(
    db,
    sql`insert into quotes (agency_id, company_id, title, status, issue_date, valid_until, subtotal_cents, total_cents, amount_due_cents,
          public_token, token_expires_at, created_by)
        values (${agencyId}, ${companyId}, ${`Orçamento ${key}`}, 'aceito', current_date, current_date + 30, 10000, 10000, 10000,
          ${quoteToken}, now() + interval '30 days', ${userId})
        returning id`,
  );
  await db.execute(
    sql`insert into quote_items (agency_id, quote_id, position, service, quantity, unit_price_cents, total_cents)
        values (${agencyId}, ${quote.id}, 1, ${`Item ${key}`}, 1, 10000, 10000)`,
  );
  const [schedule] = await queryRows<{ id: string }>(
    db,
    sql`insert into recurring_invoice_schedules (agency_id, company_id, description, amount_cents, frequency, day_of_month, start_date, created_by)
        values (${agencyId}, ${companyId}, ${`Retainer ${key}`}, 10000, 'mensal', 5, '2026-01-01', ${userId}) returning id`,
  );
  const [invoice] = await queryRows<{ id: string }>(
    db,
    sql`insert into invoices (agency_id, number, company_id, schedule_id, period_key, source, status, issue_date, due_date,
          subtotal_cents, total_cents, amount_due_cents, paid_cents, created_by)
        values (${agencyId}, ${counter.last_number}, ${companyId}, ${schedule.id}, '2026-01', 'recorrente', 'parcialmente_paga', '2026-01-05', '2026-01-15',
          10000, 10000, 10000, 1000, ${userId})
        returning id`,
  );
  await db.execute(
    sql`insert into invoice_items (agency_id, invoice_id, position, service, quantity, unit_price_cents, total_cents)
        values (${agencyId}, ${invoice.id}, 1, ${`Item fatura ${key}`}, 1, 10000, 10000)`,
  );
  await db.execute(
    sql`insert into payments (agency_id, invoice_id, company_id, paid_on, amount_cents, method, created_by)
        values (${agencyId}, ${invoice.id}, ${companyId}, '2026-01-10', 1000, 'pix', ${userId})`,
  );
  return quoteToken;
}

/** Rows of issue 16's CRM tables (pipelines and stages come with the agency), marked with the agency's key. */
async function seedCrm(db: TestApp["database"]["owner"], agencyId: string, userId: string, key: string) {
  await db.execute(
    sql`insert into crm_custom_fields (agency_id, entity, label, field_type) values (${agencyId}, 'contact', ${`campo-${key}`}, 'text')`,
  );
  await db.execute(
    sql`insert into crm_saved_views (agency_id, user_id, entity, name) values (${agencyId}, ${userId}, 'contact', ${`visao-${key}`})`,
  );
  await db.execute(
    sql`insert into crm_imports (agency_id, user_id, entity, file_name, status) values (${agencyId}, ${userId}, 'contact', ${`importacao-${key}.csv`}, 'done')`,
  );
}

/** Rows of issue 15's tables (jobs, files, API keys, webhooks), each marked with the agency's key. */
async function seedPlatformServices(db: TestApp["database"]["owner"], agencyId: string, userId: string, key: string) {
  await db.execute(
    sql`insert into job_runs (agency_id, owner_id, name, last_error) values (${agencyId}, ${userId}, 'test', ${`job-${key}`})`,
  );
  await db.execute(
    sql`insert into attachments (agency_id, record_type, record_id, storage_key, name, mime, size, uploaded_by)
        values (${agencyId}, 'company', gen_random_uuid(), ${`attachments/${key}.txt`}, ${`anexo-${key}.pdf`}, 'application/pdf', 10, ${userId})`,
  );
  await db.execute(
    sql`insert into api_keys (agency_id, name, role, key_prefix, key_hash, created_by)
        values (${agencyId}, ${`chave-${key}`}, 'user', 'nexo_x', ${`hash-${key}`}, ${userId})`,
  );
  const [hook] = await queryRows<{ id: string }>(
    db,
    sql`insert into webhooks (agency_id, url, events, secret, created_by)
        values (${agencyId}, ${`https://${key}.example.com/hook`}, '{deal.won}', ${`segredo-${key}`}, ${userId}) returning id`,
  );
  await db.execute(
    sql`insert into webhook_deliveries (agency_id, webhook_id, event, payload)
        values (${agencyId}, ${hook.id}, 'deal.won', ${JSON.stringify({ nota: `entrega-${key}` })})`,
  );
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  return response;
}

/** The agency's logo, uploaded through its route, so the logo route has something to leak. */
async function uploadLogo(t: TestApp, manager: Member, key: string): Promise<void> {
  const response = await t.app.request("http://localhost:3000/api/agency/logo", {
    method: "PUT",
    headers: { cookie: manager.cookie, "content-type": "image/png", "x-forwarded-for": "203.0.113.10" },
    body: pngWithMarker(logoMarker(key)),
  });
  await expectOk(response, `the ${key} logo upload`);
}

/** A permission template and a backup, made through the super admin's routes. */
async function seedPlatform(t: TestApp, superAdmin: Member): Promise<PlatformFixture> {
  const template = await expectOk(
    await t.request("/api/admin/permissions/templates", {
      cookie: superAdmin.cookie,
      body: { name: "Modelo da bateria", description: "Permissões de Usuário", role: TEMPLATE_ROLE },
    }),
    "the template creation",
  );
  const backup = await expectOk(
    await t.request("/api/admin/permissions/backups", { method: "POST", cookie: superAdmin.cookie, body: {} }),
    "the permissions backup",
  );
  return {
    templateId: ((await template.json()) as { id: string }).id,
    backupId: ((await backup.json()) as { id: string }).id,
  };
}

async function members(t: TestApp, agencyId: string, key: string): Promise<Record<AgencyRole, Member>> {
  const result = {} as Record<AgencyRole, Member>;
  const existing = await queryRows<{ id: string; email: string; role: string }>(
    t.database.owner,
    sql`select p.id, p.email, r.role from profiles p join user_roles r on r.user_id = p.id where p.agency_id = ${agencyId}`,
  );
  for (const role of ASSIGNABLE_ROLES) {
    const found = existing.find((row) => row.role === role);
    const email = found?.email ?? `${role}@${key}.example.com`;
    const id =
      found?.id ??
      (
        await createUser(t.deps.auth, t.database.owner, {
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
    t.database.owner,
    sql`select * from agencies where id = ${agencyId}`,
  );
  const rows = [...agencyRows];
  for (const table of tenantTables) {
    rows.push(
      ...(await queryRows<Record<string, unknown>>(
        t.database.owner,
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

/** The oldest row id of the agency in each tenant table; a table without a row fails with what to add. */
async function firstIdsOf(t: TestApp, agencyId: string, key: string, tenantTables: string[]) {
  const ids = new Map<string, string>();
  for (const table of tenantTables) {
    const [row] = await queryRows<{ id: string | null }>(
      t.database.owner,
      sql`select (to_jsonb(x) ->> 'id') as id from ${sql.identifier(table)} x where agency_id = ${agencyId} limit 1`,
    );
    if (!row) {
      throw new Error(
        `A bateria não tem linhas de ${key} em ${table}: acrescente-as em seedTenantExtras (tests/security/support/battery.ts).`,
      );
    }
    if (row.id) ids.set(table, row.id);
  }
  return ids;
}

async function agencyFixture(
  t: TestApp,
  key: AgencyFixture["key"],
  agency: { id: string; name: string },
  extras: TenantExtras,
  platform: PlatformFixture,
  memberMap: Record<AgencyRole, Member>,
  tenantTables: string[],
  fingerprints: Set<string>,
  foreign: Set<string>,
): Promise<AgencyFixture> {
  const ids = await firstIdsOf(t, agency.id, key, tenantTables);
  return {
    key,
    id: agency.id,
    name: agency.name,
    members: memberMap,
    ...extras,
    platform,
    firstId(table) {
      const id = ids.get(table);
      if (!id) throw new Error(`A tabela ${table} não tem coluna id: use outro recurso na fixture.`);
      return id;
    },
    fingerprints: [...fingerprints].filter((value) => !foreign.has(value)),
  };
}

/**
 * The demo (Aurora with every role, Boreal) plus a member of every role in Boreal too, every
 * tenant table filled for both agencies, and a signed-in session for each of them.
 */
export async function createBattery(overrides: { config?: Partial<Config> } = {}): Promise<Battery> {
  const t = await createTestApp(overrides);
  const demo = await seedDemo(t.deps.auth, t.database.owner);
  const tables = await allTables(t.database.owner);
  const tenantTables = await tablesWithAgencyId(t.database.owner);
  const managerId = async (email: string) =>
    (await queryRows<{ id: string }>(t.database.owner, sql`select id from profiles where email = ${email}`))[0].id;
  const auroraExtras = await seedTenantExtras(
    t,
    demo.aurora.id,
    await managerId("agency_manager@aurora.example.com"),
    "aurora",
  );
  const borealExtras = await seedTenantExtras(
    t,
    demo.boreal.id,
    await managerId("agency_manager@boreal.example.com"),
    "boreal",
  );
  // Members first: Boreal's extra users are rows of Boreal, so their ids and e-mails are fingerprints too.
  const auroraMembers = await members(t, demo.aurora.id, "aurora");
  const borealMembers = await members(t, demo.boreal.id, "boreal");
  await uploadLogo(t, auroraMembers.agency_manager, "aurora");
  await uploadLogo(t, borealMembers.agency_manager, "boreal");
  // A real automatic backup each (row and file), so the download routes have something to leak.
  await writeAutoBackup(t.deps, demo.aurora.id, new Date());
  await writeAutoBackup(t.deps, demo.boreal.id, new Date());
  const superAdmin: Member = {
    id: demo.adminId,
    email: DEMO_SUPER_ADMIN,
    role: "super_admin",
    cookie: await signIn(t, DEMO_SUPER_ADMIN),
  };
  const platform = await seedPlatform(t, superAdmin);
  const auroraValues = await fingerprintValues(t, demo.aurora.id, tenantTables);
  const borealValues = await fingerprintValues(t, demo.boreal.id, tenantTables);
  auroraValues.add(logoMarker("aurora"));
  borealValues.add(logoMarker("boreal"));
  const auroraFixture = await agencyFixture(
    t,
    "aurora",
    demo.aurora,
    auroraExtras,
    platform,
    auroraMembers,
    tenantTables,
    auroraValues,
    borealValues,
  );
  const borealFixture = await agencyFixture(
    t,
    "boreal",
    demo.boreal,
    borealExtras,
    platform,
    borealMembers,
    tenantTables,
    borealValues,
    auroraValues,
  );
  await installWriteCounters(t.database.owner, tables);
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

/**
 * A test that walks every route (× every role or fuzz case): it grows with the route table, so not
 * the 30 s default. Generous: on a loaded two-core machine the bad-input body walk on PGlite took
 * over 180 s; there, a request that hangs fails by its own deadline (request-deadline.ts), not by this.
 */
export const ROUTE_WALK_TIMEOUT_MS = 360_000;
