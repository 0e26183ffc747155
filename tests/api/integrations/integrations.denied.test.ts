import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSIGNABLE_ROLES, type Role } from "#domain/roles.ts";
import { type CreatedApiKey, type GrantableKeyRoles, INTEGRATION_MESSAGES } from "#domain/schemas/integrations.ts";
import { integrationsFixture, json, ownerRows, send, sql, withKey } from "./integrations-fixture.ts";

// The default configuration: no loopback receiver, https only.
let f: Awaited<ReturnType<typeof integrationsFixture>>;
let keyId: string;
let webhookId: string;
beforeAll(async () => {
  f = await integrationsFixture();
  keyId = (await f.createKey(f.manager.cookie, "sales_closer")).key.id;
  webhookId = (await f.createHook(f.manager.cookie, "https://hooks.exemplo.com.br/nexo", ["deal.won"])).webhook.id;
});
afterAll(() => f.t.close());

const routes = () =>
  [
    ["GET", "/api/api-keys", undefined],
    ["GET", "/api/api-keys/roles", undefined],
    ["POST", "/api/api-keys", { name: "Nova", role: "user" }],
    ["DELETE", `/api/api-keys/${keyId}`, undefined],
    ["GET", "/api/webhooks", undefined],
    ["POST", "/api/webhooks", { url: "https://hooks.exemplo.com.br/x", events: ["deal.won"] }],
    ["DELETE", `/api/webhooks/${webhookId}`, undefined],
    ["GET", `/api/webhooks/${webhookId}/deliveries`, undefined],
    ["POST", `/api/webhooks/${webhookId}/test`, {}],
  ] as const;

describe("integrations: who may not", () => {
  it("refuses a request without a session (401)", async () => {
    for (const [method, path, body] of routes()) {
      expect((await f.t.request(path, { method, body })).status, `${method} ${path}`).toBe(401);
    }
  });

  it.each<Role>(["project_manager", "team_designer", "sales_closer", "agency_client", "user"])(
    "refuses every route to %s (no Integrações module), changing nothing",
    async (role) => {
      const member = await f.as(role);
      const before = await ownerRows(f.t, sql`select count(*)::int as n from api_keys`);
      for (const [method, path, body] of routes()) {
        expect((await send(f.t, member.cookie, path, body, method)).status, `${method} ${path}`).toBe(403);
      }
      expect(await ownerRows(f.t, sql`select count(*)::int as n from api_keys`)).toEqual(before);
    },
  );

  it("lets the automation role (Integrações without delete) create and test, but not revoke nor grant a role above its own", async () => {
    const automation = await f.as("team_automation");
    expect((await send(f.t, automation.cookie, "/api/api-keys", { name: "Alta", role: "agency_manager" })).status).toBe(
      403,
    );
    expect(
      (await send(f.t, automation.cookie, "/api/api-keys", { name: "Igual", role: "team_automation" })).status,
    ).toBe(201);
    expect((await send(f.t, automation.cookie, `/api/api-keys/${keyId}`, undefined, "DELETE")).status).toBe(403);
    expect((await send(f.t, automation.cookie, `/api/webhooks/${webhookId}`, undefined, "DELETE")).status).toBe(403);
  });

  it("never mints a key reaching more than its creator: a rank-0 role cannot create a key of another rank-0 role with other modules", async () => {
    const automation = await f.as("team_automation", f.aurora, ".chaves");
    const before = await ownerRows(f.t, sql`select count(*)::int as n from api_keys`);
    const response = await send(f.t, automation.cookie, "/api/api-keys", { name: "Closer", role: "sales_closer" });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      INTEGRATION_MESSAGES.roleAboveYours,
    );
    expect(await ownerRows(f.t, sql`select count(*)::int as n from api_keys`)).toEqual(before);
    // Its own role's key only reaches what it reaches itself: the CRM stays closed.
    const own = await json<CreatedApiKey>(
      await send(f.t, automation.cookie, "/api/api-keys", { name: "Própria", role: "team_automation" }),
      201,
    );
    expect((await withKey(f.t, own.secret, "/api/crm/contacts", { name: "Via chave" })).status).toBe(403);
  });

  it("offers in the creation form exactly the roles creation accepts", async () => {
    const automation = await f.as("team_automation", f.aurora, ".oferta");
    const offered = await json<GrantableKeyRoles>(await send(f.t, automation.cookie, "/api/api-keys/roles"));
    expect(offered.roles).toContain("team_automation");
    expect(offered.roles).not.toContain("sales_closer");
    for (const role of ASSIGNABLE_ROLES) {
      const response = await send(f.t, automation.cookie, "/api/api-keys", { name: `Oferta ${role}`, role });
      expect(response.status, role).toBe(offered.roles.includes(role) ? 201 : 403);
    }
    const manager = await json<GrantableKeyRoles>(await send(f.t, f.manager.cookie, "/api/api-keys/roles"));
    expect(manager.roles).toEqual([...ASSIGNABLE_ROLES]);
  });

  it("never lets a manager's key manage people: role changes, the two-factor rule, invites and unlocks answer 403 in pt-BR, nothing written", async () => {
    const { secret } = await f.createKey(f.manager.cookie, "agency_manager", "Chave de pessoas");
    const designer = await f.as("team_designer", f.aurora, ".pessoas");
    const invite = await json<{ id: string }>(
      await send(f.t, f.manager.cookie, "/api/agency/invites", {
        email: "convite.chave@exemplo.com",
        role: "team_designer",
      }),
      201,
    );
    const before = await ownerRows(
      f.t,
      sql`select (select count(*)::int from agency_invites) as invites, (select role from user_roles where user_id = ${designer.id}) as role`,
    );
    const attempts: [string, string, unknown][] = [
      ["PUT", `/api/agency/users/${designer.id}/role`, { role: "agency_manager" }],
      ["PUT", "/api/agency/settings", { key: "two_factor_required", value: false }],
      ["POST", "/api/agency/invites", { email: "via.chave@exemplo.com", role: "agency_manager" }],
      ["DELETE", `/api/agency/invites/${invite.id}`, undefined],
      ["POST", `/api/agency/users/${designer.id}/unlock`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const response = await withKey(f.t, secret, path, body, method);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        INTEGRATION_MESSAGES.keysForPeople,
      );
    }
    const after = await ownerRows(
      f.t,
      sql`select (select count(*)::int from agency_invites) as invites, (select role from user_roles where user_id = ${designer.id}) as role`,
    );
    expect(after).toEqual(before);
  });

  it("never creates a super admin key", async () => {
    const response = await send(f.t, f.manager.cookie, "/api/api-keys", { name: "Tudo", role: "super_admin" });
    expect(response.status).toBe(400);
  });

  it.each([
    "https://127.0.0.1/hook",
    "https://127.8.9.10/hook",
    "https://10.1.2.3/hook",
    "https://172.16.5.4/hook",
    "https://172.31.255.1/hook",
    "https://192.168.0.10/hook",
    "https://169.254.169.254/latest/meta-data",
    "https://[::1]/hook",
    "https://[fc00::1]/hook",
    "https://[fd12:3456::1]/hook",
    "https://[fe80::1]/hook",
    "https://[::ffff:10.0.0.1]/hook",
    "https://localhost/hook",
  ])("refuses a webhook at the private address %s", async (url) => {
    const response = await send(f.t, f.manager.cookie, "/api/webhooks", { url, events: ["deal.won"] });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      "A URL aponta para um endereço privado ou local; use um endereço público.",
    );
  });

  it.each([
    "http://hooks.exemplo.com.br/nexo",
    "ftp://hooks.exemplo.com.br",
    "https://user:senha@hooks.exemplo.com.br",
    "não é url",
  ])("refuses the URL %s (https only, no credentials)", async (url) => {
    const response = await send(f.t, f.manager.cookie, "/api/webhooks", { url, events: ["deal.won"] });
    expect(response.status).toBe(400);
  });

  it("refuses an empty or unknown event list", async () => {
    for (const events of [[], ["deal.exploded"]]) {
      const response = await send(f.t, f.manager.cookie, "/api/webhooks", {
        url: "https://hooks.exemplo.com.br/y",
        events,
      });
      expect(response.status).toBe(400);
    }
  });

  it("answers 404 for another agency's key", async () => {
    const response = await send(f.t, f.outsider.cookie, `/api/api-keys/${keyId}`, undefined, "DELETE");
    expect(response.status).toBe(404);
    const [row] = await ownerRows<{ revoked_at: string | null }>(
      f.t,
      sql`select revoked_at from api_keys where id = ${keyId}`,
    );
    expect(row.revoked_at).toBeNull();
    await json(await send(f.t, f.manager.cookie, "/api/api-keys"));
  });
});
