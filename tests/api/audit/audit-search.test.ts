import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#server/db/client.ts";
import { auditLogs } from "#server/db/schema.ts";
import { type TenantContext, withTenant } from "#server/db/tenant.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// audit_log_search (drizzle/0003_audit_search.sql, 0004) runs as its owner, past row-level security, so
// the tenant scope it applies itself is all that stands between a manager and other agencies.
let t: TestApp;
let aurora: { id: string };
let boreal: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  aurora = await createAgency(t.database.owner, { name: "Aurora" });
  boreal = await createAgency(t.database.owner, { name: "Boreal" });
  await t.database.owner.delete(auditLogs);
  await t.database.owner.insert(auditLogs).values(
    [aurora, boreal].flatMap((agency, index) =>
      ["login", "update"].map((action, i) => ({
        agencyId: agency.id,
        action,
        resourceType: "auth",
        resourceId: `recurso-${index}-${i}`,
        details: { nota: `segredo-${index === 0 ? "aurora" : "boreal"}` },
        createdAt: new Date(Date.now() - (i + 1) * 60_000),
      })),
    ),
  );
});
afterAll(() => t.close());

type Found = { agency_id: string | null; action: string; resource_id: string | null };

function search(context: TenantContext, pattern: string, filters: { action?: string } = {}): Promise<Found[]> {
  return withTenant(t.database, context, (tx) =>
    queryRows<Found>(
      tx,
      sql`select agency_id, action, resource_id
            from audit_log_search(${pattern}, null, null, ${filters.action ?? null}::text, null, null, null, 200)`,
    ),
  );
}

const managerOf = (agency: { id: string }): TenantContext => ({
  userId: null,
  agencyId: agency.id,
  isSuperAdmin: false,
});
const superAdmin: TenantContext = { userId: null, agencyId: null, isSuperAdmin: true };

describe("audit_log_search, the free-text search function", () => {
  it("answers a manager only rows of their own agency, even for text only another agency has", async () => {
    expect(await search(managerOf(aurora), "%segredo-boreal%")).toEqual([]);
    expect(await search(managerOf(aurora), "%recurso-1-%")).toEqual([]);
    const own = await search(managerOf(aurora), "%segredo%");
    expect(own).toHaveLength(2);
    expect(own.every((row) => row.agency_id === aurora.id)).toBe(true);
  });

  it("answers nothing without an agency or the super admin flag in the tenant context", async () => {
    expect(await search({ userId: null, agencyId: null, isSuperAdmin: false }, "%segredo%")).toEqual([]);
  });

  it("searches the whole platform for the super admin, newest first, with the other filters", async () => {
    const all = await search(superAdmin, "%segredo%");
    expect(new Set(all.map((row) => row.agency_id))).toEqual(new Set([aurora.id, boreal.id]));
    expect(await search(superAdmin, "%segredo-boreal%")).toHaveLength(2);
    expect((await search(superAdmin, "%segredo%", { action: "update" })).map((row) => row.action)).toEqual([
      "update",
      "update",
    ]);
  });

  it("never matches text spanning two fields of the indexed concatenation", async () => {
    expect(await search(superAdmin, "%login auth%")).toEqual([]);
    expect(await search(superAdmin, "%login%")).toHaveLength(2);
  });

  it("narrows by one word of the pattern (0004) but still matches the whole pattern, in any scope", async () => {
    // Whichever word the statistics pick narrows the index read; the rest of the pattern must match too.
    expect(await search(superAdmin, "%segredo-boreal%")).toHaveLength(2);
    expect(await search(superAdmin, "%outro-boreal%")).toEqual([]);
    expect(await search(managerOf(boreal), "%segredo-boreal%")).toHaveLength(2);
    expect(await search(managerOf(boreal), "%outro-boreal%")).toEqual([]);
    expect(await search(superAdmin, "%auth recurso%")).toEqual([]);
  });

  it("searches the stored lowered text (0045) in any case, the walk within an agency included", async () => {
    // With statistics the words are in the sample, so an agency's search walks its rows with the
    // stored text as a pre-filter instead of reading the trigram index.
    await t.database.owner.execute(sql`analyze audit_logs`);
    const [stored] = await queryRows<{ search_text: string }>(
      t.database.owner,
      sql`select search_text from audit_logs where resource_id = 'recurso-0-0'`,
    );
    expect(stored?.search_text).toBe('login auth recurso-0-0 {"nota": "segredo-aurora"}');
    expect(await search(managerOf(aurora), "%SEGREDO-Aurora%")).toHaveLength(2);
    expect(await search(managerOf(aurora), "%Login Auth%")).toEqual([]);
    expect(await search(managerOf(aurora), "%LOGIN%")).toHaveLength(1);
    expect(await search(superAdmin, "%Segredo%")).toHaveLength(4);
  });

  it("keeps the word picker (it reads statistics) out of the app role's reach", async () => {
    const refused = withTenant(t.database, superAdmin, (tx) =>
      tx.execute(sql`select * from audit_search_rarest_word('%segredo%')`),
    );
    const error = (await refused.catch((caught: unknown) => caught)) as Error & { cause?: Error };
    expect(error.cause?.message ?? String(error)).toMatch(/permission denied/);
  });

  it("cannot be called by a role without the grant", async () => {
    const refused = t.database.owner.transaction(async (tx) => {
      await tx.execute(sql`create role nexo_search_probe`);
      await tx.execute(sql`set local role nexo_search_probe`);
      await tx.execute(sql`select * from audit_log_search('%a%', null, null, null, null, null, null, 1)`);
    });
    const error = (await refused.catch((caught: unknown) => caught)) as Error & { cause?: Error };
    expect(error.cause?.message ?? String(error)).toMatch(/permission denied/);
  });
});
