import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiKey, ApiKeyList } from "#domain/schemas/integrations.ts";
import type { Contact } from "#domain/schemas/crm.ts";
import { withTenant } from "#server/db/tenant.ts";
import { integrationsFixture, json, ownerRows, send, sql, withKey } from "./integrations-fixture.ts";

let f: Awaited<ReturnType<typeof integrationsFixture>>;
beforeAll(async () => {
  f = await integrationsFixture();
});
afterAll(() => f.t.close());

const contact = (name: string, ownerId?: string) => ({ name, ...(ownerId ? { ownerId } : {}) });

describe("API keys", () => {
  it("are created by the manager, shown once, kept only as a hash, listed and audited", async () => {
    const { key, secret } = await f.createKey(f.manager.cookie, "sales_closer", "Zapier");
    expect(secret).toMatch(/^nexo_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: "Zapier", role: "sales_closer", revokedAt: null, lastUsedAt: null });
    expect(secret.startsWith(key.prefix)).toBe(true);
    const [stored] = await ownerRows<Record<string, unknown>>(f.t, sql`select * from api_keys where id = ${key.id}`);
    expect(stored.key_hash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(secret);
    const list = await json<ApiKeyList>(await send(f.t, f.manager.cookie, "/api/api-keys"));
    expect(list.keys.map((k) => k.id)).toContain(key.id);
    expect(JSON.stringify(list)).not.toContain(secret);
    const audit = await ownerRows(
      f.t,
      sql`select 1 from audit_logs where resource_type = 'api_keys' and resource_id = ${key.id} and action = 'create'`,
    );
    expect(audit).toHaveLength(1);
  });

  it("acts with its role's permissions through the same routes, and shows when it was last used", async () => {
    const { key, secret } = await f.createKey(f.manager.cookie, "sales_closer");
    expect((await withKey(f.t, secret, "/api/crm/contacts")).status).toBe(200);
    const created = await json<Contact>(await withKey(f.t, secret, "/api/crm/contacts", contact("Via chave")), 201);
    expect(created.ownerId).toBe(f.manager.id);
    // The closer's role has no finance module, no agency users and no account routes.
    expect((await withKey(f.t, secret, "/api/finance/invoices")).status).toBe(403);
    expect((await withKey(f.t, secret, "/api/agency/users")).status).toBe(403);
    expect((await withKey(f.t, secret, "/api/me")).status).toBe(403);
    const listed = await json<ApiKeyList>(await send(f.t, f.manager.cookie, "/api/api-keys"));
    expect(listed.keys.find((k) => k.id === key.id)?.lastUsedAt).not.toBeNull();
  });

  it("reaches records through row-level security with the key's record scope, not the creator's", async () => {
    const pm = await f.as("project_manager");
    const others = await json<Contact>(
      await send(f.t, f.manager.cookie, "/api/crm/contacts", contact("Do gestor de projetos", pm.id)),
      201,
    );
    const mine = await json<Contact>(
      await send(f.t, f.manager.cookie, "/api/crm/contacts", contact("Do gestor", f.manager.id)),
      201,
    );
    const closer = await f.createKey(f.manager.cookie, "sales_closer");
    const manager = await f.createKey(f.manager.cookie, "agency_manager");
    const idsWith = async (secret: string) =>
      (await json<{ contacts: Contact[] }>(await withKey(f.t, secret, "/api/crm/contacts?limit=100"))).contacts.map(
        (c) => c.id,
      );
    expect(await idsWith(closer.secret)).toContain(mine.id);
    expect(await idsWith(closer.secret)).not.toContain(others.id);
    expect(await idsWith(manager.secret)).toContain(others.id);
    expect((await withKey(f.t, closer.secret, `/api/crm/contacts/${others.id}`)).status).toBe(404);
    // The one-round-trip read path (tenantRows) carries the key too.
    const users = await json<{ users: { id: string }[] }>(await withKey(f.t, manager.secret, "/api/agency/users"));
    expect(users.users.map((u) => u.id)).toContain(f.manager.id);
    // The database itself, asked with the key in the context, answers with the key's scope.
    const count = (apiKeyId: string | null) =>
      withTenant(
        f.t.database,
        { userId: f.manager.id, agencyId: f.aurora, isSuperAdmin: false, apiKeyId },
        async (tx) => {
          const rows = await tx.execute(sql`select count(*)::int as n from customers where id = ${others.id}`);
          return (
            (rows as unknown as { rows: { n: number }[] }).rows?.[0]?.n ?? (rows as unknown as { n: number }[])[0]?.n
          );
        },
      );
    expect(await count(closer.key.id)).toBe(0);
    expect(await count(manager.key.id)).toBe(1);
    expect(await count(null)).toBe(1);
  });

  it("reaches only its own agency", async () => {
    const theirs = await json<Contact>(
      await send(f.t, f.outsider.cookie, "/api/crm/contacts", contact("Da Boreal")),
      201,
    );
    const { secret } = await f.createKey(f.manager.cookie, "agency_manager");
    expect((await withKey(f.t, secret, `/api/crm/contacts/${theirs.id}`)).status).toBe(404);
    const listed = await json<{ contacts: Contact[] }>(await withKey(f.t, secret, "/api/crm/contacts?limit=100"));
    expect(listed.contacts.map((c) => c.id)).not.toContain(theirs.id);
  });

  it("answers 401 once revoked (audited), and for an unknown key", async () => {
    const { key, secret } = await f.createKey(f.manager.cookie, "agency_manager");
    expect((await withKey(f.t, secret, "/api/crm/contacts")).status).toBe(200);
    const revoked = await json<ApiKey>(
      await send(f.t, f.manager.cookie, `/api/api-keys/${key.id}`, undefined, "DELETE"),
    );
    expect(revoked.revokedAt).not.toBeNull();
    const refused = await withKey(f.t, secret, "/api/crm/contacts");
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "Chave de API inválida ou revogada.",
    );
    expect((await withKey(f.t, `${secret}x`, "/api/crm/contacts")).status).toBe(401);
    expect((await withKey(f.t, "qualquer-coisa", "/api/crm/contacts")).status).toBe(401);
    const audit = await ownerRows(
      f.t,
      sql`select 1 from audit_logs where resource_type = 'api_keys' and resource_id = ${key.id} and action = 'delete'`,
    );
    expect(audit).toHaveLength(1);
  });

  it("is refused (401) while its agency is inactive", async () => {
    const { secret } = await f.createKey(f.outsider.cookie, "agency_manager");
    expect((await withKey(f.t, secret, "/api/crm/contacts")).status).toBe(200);
    await ownerRows(f.t, sql`update agencies set subscription_status = 'inactive' where id = ${f.boreal} returning id`);
    try {
      expect((await withKey(f.t, secret, "/api/crm/contacts")).status).toBe(401);
    } finally {
      await ownerRows(f.t, sql`update agencies set subscription_status = 'active' where id = ${f.boreal} returning id`);
    }
  });

  it("stops working when its creator is demoted below the key's role", async () => {
    const demoted = await f.as("agency_manager", f.aurora, "rebaixado");
    const { secret } = await f.createKey(demoted.cookie, "agency_manager");
    expect((await withKey(f.t, secret, "/api/crm/contacts")).status).toBe(200);
    await ownerRows(
      f.t,
      sql`update user_roles set role = 'team_designer' where user_id = ${demoted.id} returning user_id`,
    );
    expect((await withKey(f.t, secret, "/api/crm/contacts")).status).toBe(401);
  });

  it("never reaches more than its creator's role does now: a permission or the agency-wide scope taken from the creator's role is taken from the key", async () => {
    const creator = await f.as("agency_manager", f.aurora, ".criador");
    const pm = await f.as("project_manager", f.aurora, ".dono");
    const others = await json<Contact>(
      await send(f.t, f.manager.cookie, "/api/crm/contacts", contact("De outra pessoa", pm.id)),
      201,
    );
    const own = await json<Contact>(
      await send(f.t, f.manager.cookie, "/api/crm/contacts", contact("Do criador", creator.id)),
      201,
    );
    const { key, secret } = await f.createKey(creator.cookie, "project_manager", "Antes do corte");
    const ids = async () =>
      (await json<{ contacts: Contact[] }>(await withKey(f.t, secret, "/api/crm/contacts?limit=100"))).contacts.map(
        (c) => c.id,
      );
    expect(await ids()).toContain(others.id);
    const narrow = (create: boolean, scope: "all" | "own") =>
      ownerRows(
        f.t,
        sql`update role_permissions set can_create = ${create}, record_scope = ${scope}
             where role = 'agency_manager' and module = 'crm_contatos' returning role`,
      );
    await narrow(false, "own");
    try {
      const created = await withKey(f.t, secret, "/api/crm/contacts", contact("Criado pela chave"));
      expect(created.status).toBe(403);
      expect(await ids()).toEqual([own.id]);
      expect((await withKey(f.t, secret, `/api/crm/contacts/${others.id}`)).status).toBe(404);
      const context = { userId: creator.id, agencyId: f.aurora, isSuperAdmin: false, apiKeyId: key.id };
      const database = await withTenant(f.t.database, context, (tx) =>
        tx.execute(
          sql`select app_scope_all('crm_contatos') as scope_all,
                     has_permission(${creator.id}::uuid, 'crm_contatos', 'create') as may_create,
                     has_permission(${creator.id}::uuid, 'crm_contatos', 'view') as may_view`,
        ),
      );
      const [row] = ((database as unknown as { rows?: unknown[] }).rows ?? database) as Record<string, boolean>[];
      expect(row).toEqual({ scope_all: false, may_create: false, may_view: true });
    } finally {
      await narrow(true, "all");
    }
    expect((await withKey(f.t, secret, "/api/crm/contacts", contact("Depois da volta"))).status).toBe(201);
  });

  it("cannot manage keys or webhooks, even with the manager's role", async () => {
    const { secret } = await f.createKey(f.manager.cookie, "agency_manager");
    for (const [path, body, method] of [
      ["/api/api-keys", undefined, "GET"],
      ["/api/api-keys", { name: "Outra", role: "agency_manager" }, "POST"],
      ["/api/webhooks", undefined, "GET"],
    ] as const) {
      expect((await withKey(f.t, secret, path, body, method)).status, `${method} ${path}`).toBe(403);
    }
  });
});
