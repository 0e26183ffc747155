import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomField } from "#domain/schemas/crm.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency, type Member } from "./crm-fixtures.ts";

let t: TestApp;
let aurora: { agencyId: string; manager: Member };
let boreal: { agencyId: string; manager: Member };
let fields: CustomField[];
const edit = { label: "Trocado", fieldType: "text", options: [] };
beforeAll(async () => {
  t = await createTestApp();
  aurora = await crmAgency(t, "Aurora");
  boreal = await crmAgency(t, "Boreal");
  fields = [];
  for (const label of ["Primeiro", "Segundo"]) {
    const created = await api(t, aurora.manager)<CustomField>("/api/crm/custom-fields", "POST", {
      entity: "contact",
      label,
      fieldType: "select",
      options: ["A"],
    });
    fields.push(created.body);
  }
});
afterAll(() => t.close());

const unchanged = async () => {
  const listed = (await api(t, aurora.manager)<{ fields: CustomField[] }>("/api/crm/custom-fields")).body.fields;
  expect(listed).toEqual(fields);
};
const reversed = () => ({ entity: "contact", ids: fields.map((f) => f.id).reverse() });

describe("editing and reordering custom fields, denied", () => {
  it("answers 401 without a session", async () => {
    expect((await t.request(`/api/crm/custom-fields/${fields[0].id}`, { method: "PUT", body: edit })).status).toBe(401);
    expect((await t.request("/api/crm/custom-fields/order", { method: "PUT", body: reversed() })).status).toBe(401);
    await unchanged();
  });

  it.each(["sales_closer", "sales_ldr", "team_designer"] as const)("refuses %s with 403", async (role) => {
    const member = await signedInAs(t, `${role}@aurora.com.br`, role, aurora.agencyId);
    const call = api(t, member);
    expect((await call(`/api/crm/custom-fields/${fields[0].id}`, "PUT", edit)).status).toBe(403);
    expect((await call("/api/crm/custom-fields/order", "PUT", reversed())).status).toBe(403);
    await unchanged();
  });

  it("answers 404 / 409 to another agency's manager and changes nothing", async () => {
    const call = api(t, boreal.manager);
    expect((await call(`/api/crm/custom-fields/${fields[0].id}`, "PUT", edit)).status).toBe(404);
    // Boreal has no such fields: the order does not match its own list.
    expect((await call("/api/crm/custom-fields/order", "PUT", reversed())).status).toBe(409);
    await unchanged();
  });

  it("refuses a body outside the schema with 400", async () => {
    const call = api(t, aurora.manager);
    expect((await call(`/api/crm/custom-fields/${fields[0].id}`, "PUT", { label: "X", fieldType: "cor" })).status).toBe(
      400,
    );
    expect((await call("/api/crm/custom-fields/order", "PUT", { entity: "contact", ids: ["nao-e-id"] })).status).toBe(
      400,
    );
    expect((await call("/api/crm/custom-fields/order", "PUT", { entity: "lead", ids: [fields[0].id] })).status).toBe(
      400,
    );
    await unchanged();
  });
});
