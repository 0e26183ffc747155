import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agencyInvites, customers } from "#server/db/schema.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "raiz@nexo.example.com", "super_admin");
});
afterAll(() => t.close());

describe("backups", () => {
  it("one agency's export holds only its rows, as an attachment, without invite tokens", async () => {
    const aurora = await createAgency(t.database.owner, { name: "Aurora" });
    const boreal = await createAgency(t.database.owner, { name: "Boreal" });
    await signedInAs(t, "membro@aurora.com.br", "user", aurora.id);
    const base = { agencyId: aurora.id, email: "c@aurora.com.br", role: "user" };
    await t.database.owner
      .insert(agencyInvites)
      .values({ ...base, token: "segredo-aurora-123456", expiresAt: new Date() });
    const customer = (agencyId: string, name: string) => ({ agencyId, name }) as typeof customers.$inferInsert;
    await t.database.owner
      .insert(customers)
      .values([customer(aurora.id, "Cliente A"), customer(boreal.id, "Cliente B")]);

    const response = await t.request(`/api/admin/export/agencies/${aurora.id}`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="nexo-backup-aurora-/);
    const text = await response.text();
    expect(text).not.toContain("segredo-aurora");
    const data = JSON.parse(text);
    expect(data.agency.name).toBe("Aurora");
    expect(data.customers.map((c: { name: string }) => c.name)).toEqual(["Cliente A"]);
    expect(data.profiles.map((p: { email: string }) => p.email)).toEqual(["membro@aurora.com.br"]);
    expect(data.agency_invites).toHaveLength(1);

    const platform = await t.request("/api/admin/export/platform", { cookie: admin.cookie });
    expect(platform.headers.get("content-disposition")).toMatch(/attachment/);
    const all = await platform.json();
    expect(all.agencies).toHaveLength(2);
    expect(all.customers).toHaveLength(2);

    const unknown = await t.request("/api/admin/export/agencies/00000000-0000-4000-8000-000000000000", {
      cookie: admin.cookie,
    });
    expect(unknown.status).toBe(404);
  });
});
