import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, queryRows } from "#server/db/client.ts";
import { MIGRATIONS_FOLDER } from "#server/db/migrate.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";

// Migration 0007 was edited after landing; a database migrated with an earlier version kept it.
// 0010 must bring any of them to the final definitions. The fixtures are 0007 as it first landed
// (a fingerprint, app_enter_session_read) and as of its second version (epoch triggers that also
// fire on new sessions, app_enter_session_read with other arguments). Migration 0011, which runs
// after 0010, re-creates app_session_state in its current form: the test runs that part of it too.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const statementsOf = (file: string) =>
  readFileSync(file, "utf8")
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter(Boolean);

async function runFile(file: string, only: (statement: string) => boolean = () => true): Promise<void> {
  await database.owner.transaction(async (tx) => {
    for (const statement of statementsOf(file).filter(only)) await tx.execute(sql.raw(statement));
  });
}

/** A migration's statements that (re)define app_session_state. */
const definesSessionState = (statement: string) =>
  /^(DROP FUNCTION|CREATE FUNCTION|REVOKE ALL ON FUNCTION) app_session_state\b/m.test(statement);

/**
 * 0010, then what the later migrations do to the session state: 0010 re-creates
 * app_session_state as 0007 left it, 0011 and 0019 (idle timeout, e-mail verified) in their forms,
 * and 0041 app_enter_tenant_read on top of app_enter_tenant_write.
 */
async function runFixAndWhatFollows(): Promise<void> {
  await runFile(path.join(MIGRATIONS_FOLDER, "0010_session_state_fix.sql"));
  await runFile(path.join(MIGRATIONS_FOLDER, "0011_identity.sql"), definesSessionState);
  await runFile(path.join(MIGRATIONS_FOLDER, "0019_identity_sessions_and_email.sql"), definesSessionState);
  await runFile(path.join(MIGRATIONS_FOLDER, "0041_tenant_write_session_proof.sql"));
}

/** Every definition 0007 makes, as the catalogue has it. */
async function sessionStateDefinitions() {
  return {
    functions: await queryRows<{ name: string; definition: string }>(
      database.owner,
      sql`select p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as definition
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace and n.nspname = 'public'
           where p.proname in ('app_session_state', 'app_enter_tenant_read', 'app_enter_tenant_write',
                               'app_enter_session_read', 'app_advance_auth_epoch')
           order by 1`,
    ),
    triggers: await queryRows<{ name: string; definition: string }>(
      database.owner,
      sql`select tgrelid::regclass::text || '.' || tgname as name, pg_get_triggerdef(oid) as definition
            from pg_trigger where tgname like 'auth_epoch%' order by 1`,
    ),
    epochTable: await queryRows<{ grants: string | null }>(
      database.owner,
      sql`select relacl::text as grants from pg_class where relname = 'auth_epoch'`,
    ),
  };
}

/** What 0007 created, removed, so an older 0007 can be run as it was. */
async function dropSessionState(): Promise<void> {
  await database.owner.transaction(async (tx) => {
    for (const table of [
      "session",
      "user",
      "profiles",
      "agencies",
      "user_roles",
      "role_permissions",
      "agency_settings",
    ]) {
      await tx.execute(sql.raw(`drop trigger if exists auth_epoch_advance on "${table}"`));
      await tx.execute(sql.raw(`drop trigger if exists auth_epoch_advance_on_truncate on "${table}"`));
    }
    await tx.execute(sql`drop function app_enter_tenant_read(text, text, text, text, bigint, timestamptz)`);
    await tx.execute(sql`drop function app_enter_tenant_write(text, text, text, text, bigint, timestamptz)`);
    await tx.execute(sql`drop function app_session_state(text, text)`);
    await tx.execute(sql`drop function app_advance_auth_epoch()`);
    await tx.execute(sql`drop table auth_epoch`);
  });
}

describe("migration 0010", () => {
  it.each(["0007_session_state.v1.sql", "0007_session_state.v2.sql"])(
    "brings a database migrated with %s to the final session state",
    async (fixture) => {
      const final = await sessionStateDefinitions();
      expect(final.functions.map((f) => f.name)).toEqual([
        "app_advance_auth_epoch()",
        "app_enter_tenant_read(text,text,text,text,bigint,timestamp with time zone)",
        "app_enter_tenant_write(text,text,text,text,bigint,timestamp with time zone)",
        "app_session_state(text,text)",
      ]);
      await dropSessionState();
      await runFile(path.join(import.meta.dirname, "fixtures", fixture));
      expect(await sessionStateDefinitions()).not.toEqual(final);
      await runFixAndWhatFollows();
      expect(await sessionStateDefinitions()).toEqual(final);
    },
  );

  it("changes nothing on a database that already has the final state (it is idempotent)", async () => {
    const before = await sessionStateDefinitions();
    await runFixAndWhatFollows();
    expect(await sessionStateDefinitions()).toEqual(before);
  });
});
