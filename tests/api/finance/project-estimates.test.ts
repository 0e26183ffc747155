import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectEstimate } from "#domain/schemas/finance.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createProject } from "#tests/factories/crm.ts";
import { createCompany } from "#tests/factories/finance.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let manager: { cookie: string };
let designer: { cookie: string };
let bakery: string;
let clinic: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = (await createAgency(t.database.owner, { name: "Agência Aurora" })).id;
  const b = (await createAgency(t.database.owner, { name: "Agência Boreal" })).id;
  bakery = (await createCompany(t.database.owner, { agencyId: a, name: "Padaria" })).id;
  clinic = (await createCompany(t.database.owner, { agencyId: a, name: "Clínica" })).id;
  const project = (input: Omit<Parameters<typeof createProject>[1], "agencyId">, agencyId = a) =>
    createProject(t.database.owner, { agencyId, ...input });
  await project({ name: "Site da padaria", companyId: bakery, budgetHours: "37.5", hourlyRateCents: 15_000 });
  await project({ name: "Campanha da clínica", companyId: clinic, budgetHours: "20" });
  await project({ name: "Projeto interno", budgetHours: "10" });
  await project({ name: "Sem estimativa", companyId: bakery });
  await project({ name: "Concluído", companyId: bakery, budgetHours: "50", status: "concluido" });
  await project({ name: "Projeto da Boreal", budgetHours: "99" }, b);
  manager = await signedInAs(t, "gestora@aurora.com.br", "agency_manager", a);
  designer = await signedInAs(t, "designer@aurora.com.br", "team_designer", a);
});
afterAll(() => t.close());

const estimates = async (query = "") => {
  const answer = await t.request(`/api/finance/project-estimates${query}`, { cookie: manager.cookie });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { projects: ProjectEstimate[] }).projects;
};

describe("quote lines from a project's estimated hours", () => {
  it("lists the agency's live projects with estimated hours and the project's rate", async () => {
    expect(await estimates()).toEqual([
      expect.objectContaining({ projectName: "Campanha da clínica", budgetHours: 20, hourlyRateCents: null }),
      expect.objectContaining({ projectName: "Projeto interno", budgetHours: 10, companyId: null }),
      expect.objectContaining({
        projectName: "Site da padaria",
        companyName: "Padaria",
        budgetHours: 37.5,
        hourlyRateCents: 15_000,
      }),
    ]);
  });

  it("with a client chosen, shows its projects and those of no client", async () => {
    expect((await estimates(`?companyId=${bakery}`)).map((p) => p.projectName)).toEqual([
      "Projeto interno",
      "Site da padaria",
    ]);
  });

  it("is for those who may create quotes, and refuses a malformed client id", async () => {
    const refused = await t.request("/api/finance/project-estimates", { cookie: designer.cookie });
    expect(refused.status).toBe(403);
    const malformed = await t.request("/api/finance/project-estimates?companyId=x", { cookie: manager.cookie });
    expect(malformed.status).toBe(400);
  });
});
