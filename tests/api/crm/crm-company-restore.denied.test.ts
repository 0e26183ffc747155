import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Company } from "#domain/schemas/crm.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency, type Member } from "./crm-fixtures.ts";

let t: TestApp;
let aurora: { agencyId: string; manager: Member };
let boreal: { agencyId: string; manager: Member };
let deleted: Company;
beforeAll(async () => {
  t = await createTestApp();
  aurora = await crmAgency(t, "Aurora");
  boreal = await crmAgency(t, "Boreal");
  deleted = (await api(t, aurora.manager)<Company>("/api/crm/companies", "POST", { name: "Escola Girassol" })).body;
  expect((await api(t, aurora.manager)(`/api/crm/companies/${deleted.id}`, "DELETE")).status).toBe(200);
});
afterAll(() => t.close());

const stillDeleted = async () =>
  expect((await api(t, aurora.manager)<Company>(`/api/crm/companies/${deleted.id}`)).body.deletedAt).not.toBeNull();

describe("restoring a company, denied", () => {
  it("answers 401 without a session", async () => {
    expect((await t.request(`/api/crm/companies/${deleted.id}/restore`, { method: "POST" })).status).toBe(401);
    await stillDeleted();
  });

  it("answers 404 to another agency's manager (never reveals the company)", async () => {
    const answer = await api(t, boreal.manager)(`/api/crm/companies/${deleted.id}/restore`, "POST");
    expect(answer.status).toBe(404);
    await stillDeleted();
  });

  it("refuses a role without CRM access with 403", async () => {
    const designer = await signedInAs(t, "designer@aurora.com.br", "team_designer", aurora.agencyId);
    expect((await api(t, designer)(`/api/crm/companies/${deleted.id}/restore`, "POST")).status).toBe(403);
    await stillDeleted();
  });

  it("a closer (record scope own) cannot restore a company it does not own", async () => {
    const closer = await signedInAs(t, "closer@aurora.com.br", "sales_closer", aurora.agencyId);
    const answer = await api(t, closer)(`/api/crm/companies/${deleted.id}/restore`, "POST");
    expect([403, 404]).toContain(answer.status);
    await stillDeleted();
  });

  it("answers 404 to an id that is not a uuid", async () => {
    expect((await api(t, aurora.manager)("/api/crm/companies/nao-e-id/restore", "POST")).status).toBe(404);
  });
});
