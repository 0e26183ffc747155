import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgencyProfile } from "#domain/schemas/agency-profile.ts";
import type { AgencySettings } from "#domain/schemas/agency-settings.ts";
import { BRAZILIAN_FIELD_MESSAGES } from "#domain/schemas/brazilian-fields.ts";
import { agencies, agencySettings, auditLogs } from "#server/db/schema.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { signedInAs } from "../agencies/sign-in.ts";
import { createSettingsTestApp, errorOf, TINY_GIF, TINY_PNG, uploadLogo, VALID_PROFILE } from "./settings-test-app.ts";

let t: TestApp;
let agencyId: string;
let manager: { id: string; cookie: string };

beforeAll(async () => {
  t = await createSettingsTestApp();
  agencyId = (await createAgency(t.database.owner, { name: "Agência Aurora" })).id;
  manager = await signedInAs(t, "gestor@aurora.example.com", "agency_manager", agencyId);
});
afterAll(() => t.close());

const agencyRow = async () => (await t.database.owner.select().from(agencies).where(eq(agencies.id, agencyId)))[0];
const auditOf = (action: string) =>
  t.database.owner
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.agencyId, agencyId), eq(auditLogs.action, action)));

describe("agency profile", () => {
  it("reads the manager's own agency with the spec defaults", async () => {
    const response = await t.request("/api/agency/profile", { cookie: manager.cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: agencyId,
      name: "Agência Aurora",
      primaryColor: "#3B82F6",
      timezone: "America/Sao_Paulo",
      currency: "BRL",
      logoUrl: null,
    });
  });

  it("saves every field, sets updated_at and writes an audit row", async () => {
    const before = await agencyRow();
    const response = await t.request("/api/agency/profile", {
      method: "PUT",
      body: VALID_PROFILE,
      cookie: manager.cookie,
    });
    expect(response.status).toBe(200);
    const saved = (await response.json()) as AgencyProfile;
    // CNPJ as its digits and phone as E.164, as the CRM stores them; the CEP as written (00000-000).
    const stored = { taxId: "11222333000181", contactPhone: "+551140001234", zipCode: "01310-100" };
    expect(saved).toMatchObject({ ...VALID_PROFILE, primaryColor: "#7C3AED", ...stored });
    const row = await agencyRow();
    expect(row).toMatchObject({ ...stored, city: "São Paulo" });
    expect(new Date(row.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());

    const [audit] = await auditOf("update");
    expect(audit).toMatchObject({ userId: manager.id, resourceType: "agencies", resourceId: agencyId });
    expect((audit.details as { changed: Record<string, unknown> }).changed).toMatchObject({
      name: "Agência Aurora Digital",
      taxId: "11222333000181",
    });
  });

  it("allows an empty e-mail and website, stored as empty", async () => {
    const response = await t.request("/api/agency/profile", {
      method: "PUT",
      body: { ...VALID_PROFILE, contactEmail: "", website: "" },
      cookie: manager.cookie,
    });
    expect(response.status).toBe(200);
    expect(await agencyRow()).toMatchObject({ contactEmail: null, website: null });
  });

  it("refuses bad input with the spec's messages and writes nothing", async () => {
    const before = await agencyRow();
    const cases = [
      [{ name: "A" }, "Nome deve ter pelo menos 2 caracteres"],
      [{ contactEmail: "contato@" }, "Email inválido"],
      [{ website: "aurora.com" }, "URL inválida"],
      [{ timezone: "Mars/Olympus" }, "Fuso horário inválido"],
    ] as const;
    for (const [change, message] of cases) {
      const response = await t.request("/api/agency/profile", {
        method: "PUT",
        body: { ...VALID_PROFILE, ...change },
        cookie: manager.cookie,
      });
      expect(response.status, message).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
    expect(await agencyRow()).toEqual(before);
  });

  it("checks CNPJ (check digits), CEP (8 digits) and phone on the server, naming the field, and writes nothing", async () => {
    const before = await agencyRow();
    const cases = [
      [{ taxId: "11.222.333/0001-82" }, "taxId", BRAZILIAN_FIELD_MESSAGES.invalidCnpj],
      [{ taxId: "11.222.333/0001" }, "taxId", BRAZILIAN_FIELD_MESSAGES.invalidCnpj],
      [{ taxId: "CNPJ 11.222.333/0001-81" }, "taxId", BRAZILIAN_FIELD_MESSAGES.invalidCnpj],
      [{ zipCode: "1310-100" }, "zipCode", BRAZILIAN_FIELD_MESSAGES.invalidCep],
      [{ zipCode: "01310-10a" }, "zipCode", BRAZILIAN_FIELD_MESSAGES.invalidCep],
      [{ contactPhone: "4000-1234" }, "contactPhone", BRAZILIAN_FIELD_MESSAGES.invalidPhone],
      [{ contactPhone: "(11) 8765-43210" }, "contactPhone", BRAZILIAN_FIELD_MESSAGES.invalidPhone],
    ] as const;
    for (const [change, field, message] of cases) {
      const response = await t.request("/api/agency/profile", {
        method: "PUT",
        body: { ...VALID_PROFILE, ...change },
        cookie: manager.cookie,
      });
      expect(response.status, JSON.stringify(change)).toBe(400);
      const { error } = (await response.json()) as { error: { message: string; details: { field: string } } };
      expect([error.message, error.details.field], JSON.stringify(change)).toEqual([message, field]);
    }
    expect(await agencyRow()).toEqual(before);

    const written = await t.request("/api/agency/profile", {
      method: "PUT",
      body: { ...VALID_PROFILE, taxId: "11222333000181", zipCode: "01310100", contactPhone: "+55 11 98765-4321" },
      cookie: manager.cookie,
    });
    expect(written.status).toBe(200);
    expect(await agencyRow()).toMatchObject({
      taxId: "11222333000181",
      zipCode: "01310-100",
      contactPhone: "+5511987654321",
    });
    const emptied = { ...VALID_PROFILE, taxId: "", zipCode: "", contactPhone: "" };
    expect(
      (await t.request("/api/agency/profile", { method: "PUT", body: emptied, cookie: manager.cookie })).status,
    ).toBe(200);
    expect(await agencyRow()).toMatchObject({ taxId: null, zipCode: null, contactPhone: null });
  });

  it("values stored before the checks come back as they are and, sent back unchanged, never block a save", async () => {
    const legacy = { taxId: "12.345.678/0001-90", zipCode: "CEP a confirmar", contactPhone: "ramal 22" };
    await t.database.owner.update(agencies).set(legacy).where(eq(agencies.id, agencyId));
    const read = await t.request("/api/agency/profile", { cookie: manager.cookie });
    expect(await read.json()).toMatchObject(legacy);

    const save = (change: Record<string, string>) =>
      t.request("/api/agency/profile", {
        method: "PUT",
        body: { ...VALID_PROFILE, ...legacy, city: "Campinas", ...change },
        cookie: manager.cookie,
      });
    expect((await save({})).status).toBe(200);
    expect(await agencyRow()).toMatchObject({ ...legacy, city: "Campinas" });
    const changed = await save({ taxId: "12.345.678/0001-91" });
    expect((await errorOf(changed)).message).toBe(BRAZILIAN_FIELD_MESSAGES.invalidCnpj);
  });

  it("answers a user without an agency with the spec message", async () => {
    const { cookie } = await signedInAs(t, "sem-agencia@exemplo.com.br", "agency_manager", null);
    for (const [method, path, body] of [
      ["GET", "/api/agency/profile", undefined],
      ["PUT", "/api/agency/profile", VALID_PROFILE],
      ["GET", "/api/agency/settings", undefined],
      ["PUT", "/api/agency/settings", { key: "language", value: "en-US" }],
    ] as const) {
      const response = await t.request(path, { method, body, cookie });
      expect(response.status, `${method} ${path}`).toBe(409);
      expect((await errorOf(response)).message).toBe("Usuário não está associado a uma agência");
    }
  });
});

describe("agency logo", () => {
  it("stores a PNG, points logo_url at it with a version and serves it with cache-control", async () => {
    const response = await uploadLogo(t, manager.cookie, TINY_PNG);
    expect(response.status).toBe(200);
    const { logoUrl } = (await response.json()) as AgencyProfile;
    expect(logoUrl).toMatch(new RegExp(`^/api/agencies/${agencyId}/logo\\?v=\\d+$`));
    expect((await agencyRow()).logoUrl).toBe(logoUrl);

    const served = await t.request(logoUrl as string, { cookie: manager.cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toContain("max-age=3600");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(TINY_PNG);
    expect(await t.deps.storage.get(`agency-logos/${agencyId}.png`)).not.toBeNull();

    const audits = await auditOf("update");
    expect(audits.some((a) => (a.details as { logo?: { type: string } }).logo?.type === "png")).toBe(true);
  });

  it("a new upload of another format replaces the old file", async () => {
    const response = await uploadLogo(t, manager.cookie, TINY_GIF, "image/gif");
    expect(response.status).toBe(200);
    expect(await t.deps.storage.get(`agency-logos/${agencyId}.png`)).toBeNull();
    const served = await t.request(`/api/agencies/${agencyId}/logo`, { cookie: manager.cookie });
    expect(served.headers.get("content-type")).toBe("image/gif");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(TINY_GIF);
  });

  it("refuses a text file renamed and declared as PNG, by its content", async () => {
    const before = await agencyRow();
    const text = new TextEncoder().encode("isto não é uma imagem, apenas texto com extensão .png");
    const response = await uploadLogo(t, manager.cookie, text, "image/png");
    expect(response.status).toBe(415);
    expect((await errorOf(response)).message).toBe("Por favor, selecione apenas arquivos de imagem.");
    expect(await agencyRow()).toEqual(before);
    expect(await t.deps.storage.get(`agency-logos/${agencyId}.png`)).toBeNull();
  });

  it("refuses more than 5 MB with 413, declared or streamed without a length", async () => {
    const before = await agencyRow();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(TINY_PNG);
    const declared = await uploadLogo(t, manager.cookie, big);
    expect(declared.status).toBe(413);
    expect((await errorOf(declared)).message).toBe("O arquivo deve ter no máximo 5MB.");

    const chunk = new Uint8Array(1024 * 1024);
    chunk.set(TINY_PNG);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 6; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const streamed = await t.app.request("http://localhost:3000/api/agency/logo", {
      method: "PUT",
      headers: { cookie: manager.cookie, "content-type": "image/png", "transfer-encoding": "chunked" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await agencyRow()).toEqual(before);
  });

  it("accepts exactly 5 MB", async () => {
    const limit = new Uint8Array(5 * 1024 * 1024);
    limit.set(TINY_PNG);
    expect((await uploadLogo(t, manager.cookie, limit)).status).toBe(200);
  });

  it("a super admin may fetch any agency's logo", async () => {
    const admin = await signedInAs(t, "admin@exemplo.com.br", "super_admin", null);
    const served = await t.request(`/api/agencies/${agencyId}/logo`, { cookie: admin.cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
  });
});

describe("system settings", () => {
  const getSettings = async () =>
    (await (await t.request("/api/agency/settings", { cookie: manager.cookie })).json()) as AgencySettings;
  const putSetting = (body: unknown) =>
    t.request("/api/agency/settings", { method: "PUT", body, cookie: manager.cookie });

  it("reads the spec defaults before anything is saved", async () => {
    const other = await createAgency(t.database.owner, { name: "Agência Nova" });
    const { cookie } = await signedInAs(t, "gestor@nova.example.com", "agency_manager", other.id);
    const response = await t.request("/api/agency/settings", { cookie });
    expect(await response.json()).toEqual({
      timezone: "America/Sao_Paulo",
      currency: "BRL",
      language: "pt-BR",
      date_format: "DD/MM/YYYY",
      notification_email: true,
      notification_sms: false,
      auto_backup: true,
      backup_frequency: "weekly",
      two_factor_required: false,
      session_idle_timeout_minutes: 30,
    });
  });

  it("saves one key per request: stored keys in agency_settings, timezone and currency on the agency", async () => {
    expect((await putSetting({ key: "date_format", value: "YYYY-MM-DD" })).status).toBe(200);
    expect((await putSetting({ key: "notification_email", value: false })).status).toBe(200);
    expect((await putSetting({ key: "backup_frequency", value: "daily" })).status).toBe(200);
    const response = await putSetting({ key: "timezone", value: "Asia/Tokyo" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ timezone: "Asia/Tokyo", date_format: "YYYY-MM-DD" });
    expect((await putSetting({ key: "currency", value: "EUR" })).status).toBe(200);

    expect(await getSettings()).toMatchObject({
      timezone: "Asia/Tokyo",
      currency: "EUR",
      date_format: "YYYY-MM-DD",
      notification_email: false,
      backup_frequency: "daily",
    });
    expect(await agencyRow()).toMatchObject({ timezone: "Asia/Tokyo", currency: "EUR" });
    const rows = await t.database.owner.select().from(agencySettings).where(eq(agencySettings.agencyId, agencyId));
    expect(Object.fromEntries(rows.map((r) => [r.settingKey, r.settingValue]))).toEqual({
      date_format: "YYYY-MM-DD",
      notification_email: false,
      backup_frequency: "daily",
    });

    const audits = await auditOf("update_settings");
    expect(audits).toHaveLength(5);
    expect(audits.find((a) => (a.details as { key: string }).key === "timezone")?.details).toEqual({
      key: "timezone",
      from: "America/Sao_Paulo",
      to: "Asia/Tokyo",
    });
  });

  it("/api/me carries the agency's timezone, date format and currency", async () => {
    const me = (await (await t.request("/api/me", { cookie: manager.cookie })).json()) as { agency: unknown };
    expect(me.agency).toEqual({ timezone: "Asia/Tokyo", dateFormat: "YYYY-MM-DD", currency: "EUR" });
  });

  it("refuses a value outside the list, an unknown key and two keys at once, writing nothing", async () => {
    const before = { settings: await getSettings(), audits: (await auditOf("update_settings")).length };
    const cases = [
      [{ key: "timezone", value: "Mars/Olympus" }, "Fuso horário inválido"],
      [{ key: "currency", value: "BTC" }, "Moeda inválida"],
      [{ key: "language", value: "fr-FR" }, "Idioma inválido"],
      [{ key: "date_format", value: "DD.MM.YY" }, "Formato de data inválido"],
      [{ key: "backup_frequency", value: "hourly" }, "Frequência de backup inválida"],
      [{ key: "auto_backup", value: "sim" }, "Valor deve ser verdadeiro ou falso"],
      // Nothing sends SMS yet: turning it on would promise warnings nobody receives.
      [{ key: "notification_sms", value: true }, "O envio de SMS ainda não está disponível no Nexo"],
      [{ key: "subscription_status", value: "active" }, "Configuração desconhecida"],
      [{ key: "language", value: "en-US", currency: "USD" }, "Envie uma configuração por vez"],
    ] as const;
    for (const [body, message] of cases) {
      const response = await putSetting(body);
      expect(response.status, message).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
    expect(await getSettings()).toEqual(before.settings);
    expect(await auditOf("update_settings")).toHaveLength(before.audits);
  });

  it("requiring two-factor is stored as the session reads it and sends unenrolled users to enrolment", async () => {
    const { cookie } = await signedInAs(t, "designer@aurora.example.com", "team_designer", agencyId);
    expect((await putSetting({ key: "two_factor_required", value: true })).status).toBe(200);
    const [row] = await t.database.owner
      .select()
      .from(agencySettings)
      .where(and(eq(agencySettings.agencyId, agencyId), eq(agencySettings.settingKey, "two_factor_required")));
    expect(row.settingValue).toBe(true);

    const me = (await (await t.request("/api/me", { cookie })).json()) as { user: { isTwoFactorRequired: boolean } };
    expect(me.user.isTwoFactorRequired).toBe(true);
    const blocked = await t.request("/api/agency/settings", { cookie: manager.cookie });
    expect(blocked.status).toBe(403);
    expect((await errorOf(blocked)).code).toBe("two_factor_required");

    await t.database.owner.delete(agencySettings).where(eq(agencySettings.id, row.id));
    expect((await t.request("/api/agency/settings", { cookie: manager.cookie })).status).toBe(200);
  });
});
