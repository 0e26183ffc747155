import { randomUUID } from "node:crypto";
import { auditFilterSchema } from "#domain/schemas/audit.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#server/auth/session-user.ts";
import { auditLogs } from "#server/db/schema.ts";
import { withTenant } from "#server/db/tenant.ts";
import { listAuditLogs } from "#server/features/audit/list-audit-logs.ts";
import { AppError, MESSAGES } from "#server/http/errors.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { skipUnlessDatabase } from "#tests/support/test-database.ts";

// The author's e-mail: within Aurora (42 profiles) a pattern two e-mails share takes the per-row author
// check (drizzle/0005: a twentieth of the scope), one e-mail the id list; both answer only the
// scope's authors, newest first.
let t: TestApp;
let aurora: { id: string };
let boreal: { id: string };

async function insertUser(email: string, agencyId: string): Promise<string> {
  const id = randomUUID();
  await t.database.owner.execute(
    sql`insert into "user" (id, name, email, email_verified, first_name, last_name) values (${id}, 'Autor Teste', ${email}, true, 'Autor', 'Teste')`,
  );
  await t.database.owner.execute(sql`update profiles set agency_id = ${agencyId} where id = ${id}`);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  aurora = await createAgency(t.database.owner, { name: "Aurora" });
  boreal = await createAgency(t.database.owner, { name: "Boreal" });
  const ana = await insertUser("ana@dominio-comum.example", aurora.id);
  const bia = await insertUser("bia@dominio-comum.example", aurora.id);
  const caio = await insertUser("caio@dominio-comum.example", boreal.id);
  await t.database.owner.execute(
    sql`insert into "user" (id, name, email, email_verified, first_name, last_name)
        select gen_random_uuid(), 'Outro', 'outro' || n || '@aurora.example', true, 'Outro', 'Teste'
          from generate_series(1, 40) n`,
  );
  await t.database.owner.execute(
    sql`update profiles set agency_id = ${aurora.id} where email like 'outro%@aurora.example'`,
  );
  await t.database.owner.delete(auditLogs);
  await t.database.owner.insert(auditLogs).values(
    [ana, bia, caio, null].map((userId, i) => ({
      userId,
      agencyId: userId === caio ? boreal.id : aurora.id,
      action: "login",
      resourceType: "auth",
      createdAt: new Date(Date.now() - (i + 1) * 60_000),
    })),
  );
});
afterAll(() => t.close());

const manager = (): SessionUser => ({ id: randomUUID(), agencyId: aurora.id, isSuperAdmin: false }) as SessionUser;
const superAdmin = (): SessionUser => ({ id: randomUUID(), agencyId: null, isSuperAdmin: true }) as SessionUser;

async function authorsFound(user: SessionUser, search: string): Promise<(string | null)[]> {
  const context = { userId: user.id, agencyId: user.agencyId, isSuperAdmin: user.isSuperAdmin };
  const rows = await withTenant(t.database, context, (tx) =>
    listAuditLogs(tx, user, auditFilterSchema.parse({ search })),
  );
  return rows.map((row) => row.userEmail);
}

describe("audit search by the author's e-mail", () => {
  it("answers a domain every author of the scope shares with the scope's rows only, newest first", async () => {
    expect(await authorsFound(manager(), "dominio-comum")).toEqual([
      "ana@dominio-comum.example",
      "bia@dominio-comum.example",
    ]);
    expect(await authorsFound(superAdmin(), "dominio-comum")).toEqual([
      "ana@dominio-comum.example",
      "bia@dominio-comum.example",
      "caio@dominio-comum.example",
    ]);
  });

  it("answers one author's e-mail, and nothing for an author of another agency", async () => {
    expect(await authorsFound(manager(), "bia@dominio")).toEqual(["bia@dominio-comum.example"]);
    expect(await authorsFound(manager(), "caio@dominio")).toEqual([]);
    expect(await authorsFound(superAdmin(), "caio@dominio")).toEqual(["caio@dominio-comum.example"]);
  });
});

// PGlite runs in one process without a timer: statement_timeout is PostgreSQL's only.
const timeLimitSkipped = skipUnlessDatabase("postgres", "audit search time limit: PGlite ignores statement_timeout");
describe.skipIf(timeLimitSkipped)("audit search time limit", () => {
  // A GET reads statement by statement (readOnly); the limit must hold in a transaction too.
  it.each([
    { mode: "statement by statement", readOnly: true },
    { mode: "in one transaction", readOnly: false },
  ])(
    "stops a search that runs past the limit ($mode) and answers a pt-BR message to refine the filters",
    async ({ readOnly }) => {
      const user = superAdmin();
      const context = { userId: user.id, agencyId: null, isSuperAdmin: true };
      // Another transaction holds the table: the search waits until its time limit ends it.
      const outcome = await t.database.owner.transaction(async (holder) => {
        await holder.execute(sql`lock table audit_logs in access exclusive mode`);
        return withTenant(
          t.database,
          context,
          (tx) => listAuditLogs(tx, user, auditFilterSchema.parse({ search: "login" })),
          { readOnly, statementTimeoutMs: 100 },
        ).then(
          () => null,
          (error: unknown) => error,
        );
      });
      expect(outcome).toBeInstanceOf(AppError);
      expect((outcome as AppError).status).toBe(400);
      expect((outcome as AppError).message).toBe(MESSAGES.searchTimeout);
    },
  );
});
