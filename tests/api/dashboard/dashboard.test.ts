import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardStats } from "#domain/schemas/dashboard.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createCustomer, createLead, createProject, createTask } from "#tests/factories/crm.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let auroraDesigner: Awaited<ReturnType<typeof signedInAs>>;
let auroraManager: Awaited<ReturnType<typeof signedInAs>>;
let auroraClient: Awaited<ReturnType<typeof signedInAs>>;
let auroraId: string;
let borealManager: Awaited<ReturnType<typeof signedInAs>>;

const DAY = 86_400_000;

async function seedAurora(agencyId: string) {
  const db = t.database.owner;
  const now = Date.now();
  for (const status of ["ativo", "ativo", "ativo", "inativo"]) {
    await createCustomer(db, { agencyId, name: `Cliente ${status}`, status });
  }
  const projects: { id: string }[] = [];
  for (const [status, budgetCents] of [
    ["em_andamento", 100050],
    ["planejamento", 200025],
    ["concluido", 50000],
  ] as const) {
    projects.push(await createProject(db, { agencyId, name: `Projeto ${status}`, status, budgetCents }));
  }
  for (const score of [51, 50, 90, 10]) await createLead(db, { agencyId, name: `Lead ${score}`, score });
  const task = (title: string, priority: string, status: string, dueInDays: number | null) =>
    createTask(db, {
      agencyId,
      projectId: projects[0].id,
      title,
      priority,
      status,
      dueDate: dueInDays === null ? null : new Date(now + dueInDays * DAY),
    });
  await task("Baixa sem prazo", "baixa", "pending", null);
  await task("Alta atrasada", "alta", "in_progress", -1);
  await task("Concluída", "alta", "completed", -5);
  await task("Média amanhã", "media", "pending", 1);
  await task("Alta em dez dias", "alta", "pending", 10);
  await task("Média em três dias", "media", "review", 3);
  await task("Baixa em dois dias", "baixa", "pending", 2);
}

async function seedBoreal(agencyId: string) {
  const db = t.database.owner;
  await createCustomer(db, { agencyId, name: "Cliente Boreal", status: "ativo" });
  await createProject(db, { agencyId, name: "Projeto Boreal", status: "em_andamento", budgetCents: 9999900 });
  await createLead(db, { agencyId, name: "Lead Boreal", score: 99 });
  await createTask(db, { agencyId, title: "Tarefa Boreal", priority: "alta", status: "pending" });
}

beforeAll(async () => {
  t = await createTestApp();
  const aurora = await createAgency(t.database.owner, { name: "Aurora", subscriptionPlan: "pro", maxUsers: 15 });
  const boreal = await createAgency(t.database.owner, { name: "Boreal" });
  await seedAurora(aurora.id);
  await seedBoreal(boreal.id);
  auroraId = aurora.id;
  auroraDesigner = await signedInAs(t, "designer@aurora.com.br", "team_designer", aurora.id);
  auroraManager = await signedInAs(t, "gerente@aurora.com.br", "agency_manager", aurora.id);
  auroraClient = await signedInAs(t, "cliente@aurora.com.br", "agency_client", aurora.id);
  borealManager = await signedInAs(t, "gerente@boreal.com.br", "agency_manager", boreal.id);
});
afterAll(() => t.close());

async function stats(cookie: string): Promise<DashboardStats> {
  const response = await t.request("/api/dashboard/stats", { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as DashboardStats;
}

describe("GET /api/dashboard/stats", () => {
  it("counts the agency's own customers, projects, leads and budget", async () => {
    const body = await stats(auroraManager.cookie);
    expect(body.agency).toMatchObject({ name: "Aurora", plan: "pro", isActive: true, maxUsers: 15 });
    expect(body.customers).toEqual({ total: 4, active: 3 });
    // "Projetos em Andamento": em_andamento only, not planejamento (outside QA, delivery #11).
    expect(body.projects).toEqual({ total: 3, inProgress: 1 });
    expect(body.leads).toEqual({ total: 4, qualified: 2 });
    expect(Number(body.billing?.totalBudget)).toBeCloseTo(3500.75, 2);
  });

  it("shows a designer only its own projects and tasks, never the customers, leads or budget", async () => {
    const body = await stats(auroraDesigner.cookie);
    expect(body.projects).toEqual({ total: 0, inProgress: 0 }); // record scope "own" on projects
    expect(body.priorityTasks).toEqual([]);
    for (const card of ["customers", "leads", "billing"]) expect(body).not.toHaveProperty(card);
  });

  it("shows a client only its own projects and their tasks", async () => {
    const before = await stats(auroraClient.cookie);
    expect(before.projects).toEqual({ total: 0, inProgress: 0 });
    expect(before.priorityTasks).toEqual([]);
    for (const card of ["customers", "leads", "billing"]) expect(before).not.toHaveProperty(card);
    const own = await createProject(t.database.owner, {
      agencyId: auroraId,
      name: "Projeto do Cliente",
      status: "em_andamento",
      ownerId: auroraClient.id,
    });
    await createTask(t.database.owner, {
      agencyId: auroraId,
      projectId: own.id,
      title: "Revisar site",
      priority: "baixa",
      status: "pending",
    });
    const after = await stats(auroraClient.cookie);
    expect(after.projects).toEqual({ total: 1, inProgress: 1 });
    expect(after.priorityTasks?.map((task) => task.title)).toEqual(["Revisar site"]);
  });

  it("lists up to five open tasks by priority then due date, flagging the overdue", async () => {
    const priorityTasks = (await stats(auroraManager.cookie)).priorityTasks ?? [];
    expect(priorityTasks.map((task) => task.title)).toEqual([
      "Alta atrasada",
      "Alta em dez dias",
      "Média amanhã",
      "Média em três dias",
      "Baixa em dois dias",
    ]);
    expect(priorityTasks.map((task) => task.isOverdue)).toEqual([true, false, false, false, false]);
    expect(priorityTasks[0].projectName).toBe("Projeto em_andamento");
  });

  it("never counts another agency's rows", async () => {
    const body = await stats(borealManager.cookie);
    expect(body.agency.name).toBe("Boreal");
    expect(body.customers).toEqual({ total: 1, active: 1 });
    expect(body.projects).toEqual({ total: 1, inProgress: 1 });
    expect(body.leads).toEqual({ total: 1, qualified: 1 });
    expect(Number(body.billing?.totalBudget)).toBe(99999);
    expect(body.priorityTasks?.map((task) => task.title)).toEqual(["Tarefa Boreal"]);
  });
});
