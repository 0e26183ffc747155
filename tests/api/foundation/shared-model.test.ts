import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Tx } from "#server/db/client.ts";
import { withTenant } from "#server/db/tenant.ts";
import { recordScopeOf } from "#server/auth/record-scope.ts";
import { notifyUsers } from "#server/notifications/notify-users.ts";
import { recordTimelineEvent } from "#server/timeline/record-timeline-event.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// Migration 0009: record scope in row-level security, notifications per recipient, the timeline.
let t: TestApp;
let agency: string;
let other: string;
const ids = {} as Record<"manager" | "closer" | "designer" | "outsider", string>;

const as = <T>(userId: string, agencyId: string, fn: (tx: Tx) => Promise<T>) =>
  withTenant(t.database, { userId, agencyId, isSuperAdmin: false }, fn);

beforeAll(async () => {
  t = await createTestApp();
  agency = (await createAgency(t.database.owner, { name: "Agência Escopo" })).id;
  other = (await createAgency(t.database.owner, { name: "Outra" })).id;
  const make = (email: string, role: Parameters<typeof createUser>[2]["role"], agencyId: string) =>
    createUser(t.deps.auth, t.database.owner, { email, role, agencyId }).then((u) => u.id);
  ids.manager = await make("gestor@escopo.com", "agency_manager", agency);
  ids.closer = await make("closer@escopo.com", "sales_closer", agency);
  ids.designer = await make("designer@escopo.com", "team_designer", agency);
  ids.outsider = await make("fora@outra.com", "agency_manager", other);
  await t.database.owner.execute(sql`insert into companies (agency_id, name, owner_id) values
    (${agency}, 'Do closer', ${ids.closer}), (${agency}, 'Do gestor', ${ids.manager})`);
});
afterAll(() => t.close());

describe("record scope", () => {
  it("defaults salespeople and the team to their own records and managers to all", async () => {
    const scope = (role: Parameters<typeof recordScopeOf>[1]["role"], module: Parameters<typeof recordScopeOf>[2]) =>
      recordScopeOf(t.database.owner, { role }, module);
    expect(await scope("sales_closer", "crm_contatos")).toBe("own");
    expect(await scope("team_designer", "projects")).toBe("own");
    expect(await scope("agency_manager", "crm_contatos")).toBe("all");
    expect(await scope("super_admin", "crm_contatos")).toBe("all");
  });

  it("lets row-level security show a closer only its own companies, and a manager all", async () => {
    const names = (userId: string) =>
      as(userId, agency, (tx) => queryRows<{ name: string }>(tx, sql`select name from companies order by name`));
    expect((await names(ids.closer)).map((r) => r.name)).toEqual(["Do closer"]);
    expect((await names(ids.manager)).map((r) => r.name)).toEqual(["Do closer", "Do gestor"]);
  });

  it("follows a scope changed in role_permissions on the next query", async () => {
    await t.database.owner.execute(
      sql`update role_permissions set record_scope = 'all' where role = 'sales_closer' and module = 'crm_contatos'`,
    );
    const rows = await as(ids.closer, agency, (tx) => queryRows(tx, sql`select 1 from companies`));
    expect(rows).toHaveLength(2);
    await t.database.owner.execute(
      sql`update role_permissions set record_scope = 'own' where role = 'sales_closer' and module = 'crm_contatos'`,
    );
  });
});

describe("notifications", () => {
  it("reach the recipient only, never the actor", async () => {
    await as(ids.manager, agency, (tx) =>
      notifyUsers(tx, {
        agencyId: agency,
        userIds: [ids.closer, ids.manager],
        kind: "deal_assigned",
        title: "Negócio ganho",
        actorId: ids.manager,
      }),
    );
    const mine = (userId: string) =>
      as(userId, agency, (tx) => queryRows<{ title: string }>(tx, sql`select title from notifications`));
    expect(await mine(ids.closer)).toEqual([{ title: "Negócio ganho" }]);
    expect(await mine(ids.manager)).toEqual([]);
    expect(await mine(ids.designer)).toEqual([]);
  });

  it("refuse a recipient of another agency", async () => {
    await expect(
      as(ids.manager, agency, (tx) =>
        notifyUsers(tx, {
          agencyId: agency,
          userIds: [ids.outsider],
          kind: "mentioned",
          title: "x",
          actorId: ids.manager,
        }),
      ),
    ).rejects.toThrow();
  });
});

describe("timeline", () => {
  it("is written in the caller's transaction and rolled back with it", async () => {
    const recordId = crypto.randomUUID();
    await expect(
      as(ids.manager, agency, async (tx) => {
        await recordTimelineEvent(tx, {
          agencyId: agency,
          recordType: "company",
          recordId,
          kind: "created",
          actorId: ids.manager,
        });
        throw new Error("falhou depois");
      }),
    ).rejects.toThrow("falhou depois");
    await as(ids.manager, agency, (tx) =>
      recordTimelineEvent(tx, {
        agencyId: agency,
        recordType: "company",
        recordId,
        kind: "note",
        actorId: ids.manager,
      }),
    );
    const rows = await queryRows<{ kind: string }>(
      t.database.owner,
      sql`select kind from timeline_events where record_id = ${recordId}`,
    );
    expect(rows).toEqual([{ kind: "note" }]);
  });

  it("refuses an event written into another agency", async () => {
    await expect(
      as(ids.manager, agency, (tx) =>
        recordTimelineEvent(tx, {
          agencyId: other,
          recordType: "company",
          recordId: crypto.randomUUID(),
          kind: "note",
          actorId: null,
        }),
      ),
    ).rejects.toThrow();
  });
});
