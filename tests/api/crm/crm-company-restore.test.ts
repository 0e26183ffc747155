import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompaniesPage, Company, TimelinePage } from "#domain/schemas/crm.ts";
import { auditLogs } from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency, type Member } from "./crm-fixtures.ts";

let t: TestApp;
let aurora: { agencyId: string; manager: Member };
let call: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  aurora = await crmAgency(t, "Aurora");
  call = api(t, aurora.manager);
});
afterAll(() => t.close());

const newCompany = async (name: string) => {
  const created = await call<Company>("/api/crm/companies", "POST", { name });
  expect(created.status).toBe(201);
  return created.body;
};
const names = (page: CompaniesPage) => page.companies.map((c) => c.name);

describe("restoring a deleted company (30-day undo)", () => {
  it("brings it back into the list, with a timeline entry and an audit row", async () => {
    const company = await newCompany("Padaria Pão Quente");
    expect((await call(`/api/crm/companies/${company.id}`, "DELETE")).status).toBe(200);
    expect(names((await call<CompaniesPage>("/api/crm/companies?q=pao quente")).body)).toEqual([]);
    expect(names((await call<CompaniesPage>("/api/crm/companies?deleted=1")).body)).toEqual(["Padaria Pão Quente"]);

    const restored = await call<{ message: string }>(`/api/crm/companies/${company.id}/restore`, "POST");
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe("Registro restaurado.");
    expect(names((await call<CompaniesPage>("/api/crm/companies?q=pao quente")).body)).toEqual(["Padaria Pão Quente"]);
    expect(names((await call<CompaniesPage>("/api/crm/companies?deleted=1")).body)).toEqual([]);
    expect((await call<Company>(`/api/crm/companies/${company.id}`)).body.deletedAt).toBeNull();

    const kinds = (await call<TimelinePage>(`/api/crm/companies/${company.id}/timeline`)).body.entries.map(
      (e) => e.kind,
    );
    expect(kinds.slice(0, 2)).toEqual(["restored", "deleted"]);
    const audits = await t.database.owner
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.resourceType, "company"),
          eq(auditLogs.resourceId, company.id),
          eq(auditLogs.action, "update"),
        ),
      );
    expect(audits.map((a) => a.details)).toEqual([{ restored: true }]);
  });

  it("answers 404 to a company that is not deleted (nothing to undo)", async () => {
    const company = await newCompany("Clínica Ipê");
    const again = await call(`/api/crm/companies/${company.id}/restore`, "POST");
    expect(again.status).toBe(404);
    expect(JSON.stringify(again.body)).toContain("Empresa não encontrada");
  });

  it("answers 410 in pt-BR once the 30 days are over, and leaves it deleted", async () => {
    const company = await newCompany("Construtora Serra Azul");
    expect((await call(`/api/crm/companies/${company.id}`, "DELETE")).status).toBe(200);
    await t.database.owner.execute(
      sql`UPDATE companies SET deleted_at = now() - interval '31 days' WHERE id = ${company.id}`,
    );
    const late = await call(`/api/crm/companies/${company.id}/restore`, "POST");
    expect(late.status).toBe(410);
    expect(JSON.stringify(late.body)).toContain("prazo de 30 dias");
    expect((await call<Company>(`/api/crm/companies/${company.id}`)).body.deletedAt).not.toBeNull();
  });
});
