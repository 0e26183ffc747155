import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "#domain/roles.ts";
import { agencies, agencySettings, auditLogs, rolePermissions } from "#server/db/schema.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { signedInAs } from "../agencies/sign-in.ts";
import { createSettingsTestApp, errorOf, TINY_GIF, TINY_PNG, uploadLogo, VALID_PROFILE } from "./settings-test-app.ts";

let t: TestApp;
let aurora: string;
let boreal: string;
let borealManager: { cookie: string };

beforeAll(async () => {
  t = await createSettingsTestApp();
  aurora = (await createAgency(t.database.owner, { name: "Agência Aurora" })).id;
  boreal = (await createAgency(t.database.owner, { name: "Agência Boreal" })).id;
  borealManager = await signedInAs(t, "gestor@boreal.example.com", "agency_manager", boreal);
  expect((await uploadLogo(t, borealManager.cookie, TINY_GIF, "image/gif")).status).toBe(200);
  const saved = await t.request("/api/agency/settings", {
    method: "PUT",
    body: { key: "date_format", value: "MM/DD/YYYY" },
    cookie: borealManager.cookie,
  });
  expect(saved.status).toBe(200);
});
afterAll(() => t.close());

/** Everything an outsider could try to change, so "unchanged" is one comparison. */
async function snapshotOf(agencyId: string) {
  const [agency] = await t.database.owner.select().from(agencies).where(eq(agencies.id, agencyId));
  const settings = await t.database.owner.select().from(agencySettings).where(eq(agencySettings.agencyId, agencyId));
  const logo = await t.deps.storage.get(`agency-logos/${agencyId}.gif`);
  const png = await t.deps.storage.get(`agency-logos/${agencyId}.png`);
  return { agency, settings, logo: logo?.size ?? null, png: png?.size ?? null };
}

const WRITES = [
  { method: "PUT", path: "/api/agency/profile", body: VALID_PROFILE },
  { method: "PUT", path: "/api/agency/settings", body: { key: "language", value: "es-ES" } },
] as const;
const READS = [
  { method: "GET", path: "/api/agency/profile" },
  { method: "GET", path: "/api/agency/settings" },
] as const;

describe("agency settings access", () => {
  it("answers 401 without a session", async () => {
    for (const route of [...READS, ...WRITES]) {
      const response = await t.request(route.path, {
        method: route.method,
        body: "body" in route ? route.body : undefined,
      });
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
    }
    expect((await uploadLogo(t, "", TINY_PNG)).status).toBe(401);
    expect((await t.request(`/api/agencies/${boreal}/logo`)).status).toBe(401);
  });

  it("answers 403 to every role without configuracoes (all but the manager) and changes nothing", async () => {
    const before = await snapshotOf(aurora);
    for (const role of ROLES.filter((r) => r !== "super_admin" && r !== "agency_manager")) {
      const { cookie } = await signedInAs(t, `${role}@aurora.example.com`, role, aurora);
      for (const route of [...READS, ...WRITES]) {
        const response = await t.request(route.path, {
          method: route.method,
          body: "body" in route ? route.body : undefined,
          cookie,
        });
        expect(response.status, `${role} ${route.method} ${route.path}`).toBe(403);
      }
      expect((await uploadLogo(t, cookie, TINY_PNG)).status, `${role} logo`).toBe(403);
    }
    expect(await snapshotOf(aurora)).toEqual(before);
    // Signing each role in writes its login row; nothing else may have been recorded.
    const audits = await t.database.owner.select().from(auditLogs).where(eq(auditLogs.agencyId, aurora));
    expect(audits.filter((row) => row.action !== "login")).toHaveLength(0);
  });

  it("a role given configuracoes view but not edit reads and cannot write", async () => {
    await t.database.owner
      .update(rolePermissions)
      .set({ canView: true })
      .where(and(eq(rolePermissions.role, "project_manager"), eq(rolePermissions.module, "configuracoes")));
    const { cookie } = await signedInAs(t, "leitor@aurora.example.com", "project_manager", aurora);
    const before = await snapshotOf(aurora);
    for (const route of READS) {
      expect((await t.request(route.path, { cookie })).status, route.path).toBe(200);
    }
    for (const route of WRITES) {
      const response = await t.request(route.path, { method: route.method, body: route.body, cookie });
      expect(response.status, route.path).toBe(403);
      expect((await errorOf(response)).message).toBe("Você não tem permissão para realizar esta ação.");
    }
    expect((await uploadLogo(t, cookie, TINY_PNG)).status).toBe(403);
    expect(await snapshotOf(aurora)).toEqual(before);
  });

  it("Aurora's manager can neither read nor change Boreal's profile, logo or settings", async () => {
    const auroraManager = await signedInAs(t, "gestor@aurora.example.com", "agency_manager", aurora);
    const before = await snapshotOf(boreal);

    const profile = (await (await t.request("/api/agency/profile", { cookie: auroraManager.cookie })).json()) as {
      id: string;
    };
    expect(profile.id).toBe(aurora);
    const settings = await (await t.request("/api/agency/settings", { cookie: auroraManager.cookie })).json();
    expect(settings).toMatchObject({ date_format: "DD/MM/YYYY" });

    expect((await t.request(`/api/agencies/${boreal}/logo`, { cookie: auroraManager.cookie })).status).toBe(404);
    expect((await t.request("/api/agencies/not-a-uuid/logo", { cookie: auroraManager.cookie })).status).toBe(404);

    // A body naming Boreal still only reaches the manager's own agency.
    const put = await t.request("/api/agency/profile", {
      method: "PUT",
      body: { ...VALID_PROFILE, id: boreal, agencyId: boreal, name: "Invasora" },
      cookie: auroraManager.cookie,
    });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { id: string }).id).toBe(aurora);
    expect((await uploadLogo(t, auroraManager.cookie, TINY_PNG)).status).toBe(200);
    const setting = await t.request("/api/agency/settings", {
      method: "PUT",
      body: { key: "date_format", value: "YYYY-MM-DD", agencyId: boreal },
      cookie: auroraManager.cookie,
    });
    expect(setting.status).toBe(400);
    expect(
      (
        await t.request(`/api/admin/agencies/${boreal}`, {
          method: "PUT",
          body: { name: "Invasora", slug: "agencia-boreal" },
          cookie: auroraManager.cookie,
        })
      ).status,
    ).toBe(403);

    expect(await snapshotOf(boreal)).toEqual(before);
    const [auroraRow] = await t.database.owner.select().from(agencies).where(eq(agencies.id, aurora));
    expect(auroraRow.name).toBe("Invasora");
  });

  it("Boreal's users never get Aurora's logo; Aurora's own client does", async () => {
    const borealClient = await signedInAs(t, "cliente@boreal.example.com", "agency_client", boreal);
    const auroraClient = await signedInAs(t, "cliente@aurora.example.com", "agency_client", aurora);
    expect((await t.request(`/api/agencies/${aurora}/logo`, { cookie: borealClient.cookie })).status).toBe(404);
    expect((await t.request(`/api/agencies/${aurora}/logo`, { cookie: borealManager.cookie })).status).toBe(404);
    expect((await t.request(`/api/agencies/${aurora}/logo`, { cookie: auroraClient.cookie })).status).toBe(200);
  });
});
