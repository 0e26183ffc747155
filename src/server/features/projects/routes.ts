import {
  createProjectSchema,
  deleteProjectQuerySchema,
  okSchema,
  PROJECT_MESSAGES as M,
  projectClientsSchema,
  projectCreatedSchema,
  projectDetailSchema,
  projectFromDealSchema,
  projectListQuerySchema,
  projectPeopleSchema,
  projectsPageSchema,
  projectTemplatesSchema,
  saveTemplateSchema,
  updateProjectSchema,
  wonDealsSchema,
} from "#domain/schemas/projects.ts";
import { agencyOf, uuidParam } from "../../http/params.ts";
import { AppError } from "../../http/errors.ts";
import { defineRoute, needs } from "../../http/route.ts";
import { can } from "../../auth/can.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Queryable } from "../../db/client.ts";
import type { Module } from "#domain/modules.ts";
import { createProject } from "./create-project.ts";
import { createProjectFromDeal } from "./create-project-from-deal.ts";
import { deleteProject } from "./delete-project.ts";
import { withCaller } from "./delivery-scope.ts";
import { listAgencyPeople, listClientCompanies } from "./list-client-companies.ts";
import { listProjects } from "./list-projects.ts";
import { listWonDealsWithoutProject } from "./list-won-deals.ts";
import { findProjectDetail } from "./project-rows.ts";
import { listProjectTemplates, saveProjectTemplate } from "./project-templates.ts";
import { updateProject } from "./update-project.ts";

const asCaller = (user: SessionUser, module: Module = "projects") => withCaller(user, module);

/** A deal's name, value and owner are CRM data: starting a project from one needs the CRM's deals too. */
async function assertSeesDeals(tx: Queryable, user: SessionUser): Promise<void> {
  if (!(await can(tx, user, "crm_pipelines", "view"))) throw new AppError("forbidden", M.dealsNeedCrm);
}

/** Projetos › Visão geral and the project page (issue 17 §1), Projetos › Clientes (§5). */
export const projectRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/projects",
    access: needs("projects", "view"),
    query: projectListQuerySchema,
    response: projectsPageSchema,
    summary: "Lista os projetos visíveis com progresso de tarefas e horas",
    handler: ({ user, tenant, query }) => tenant(asCaller(user)((tx, caller) => listProjects(tx, caller, query))),
  }),
  defineRoute({
    method: "POST",
    path: "/api/projects",
    access: needs("projects", "create"),
    body: createProjectSchema,
    response: projectCreatedSchema,
    summary: "Cria um projeto (opcionalmente a partir de um modelo)",
    handler: async ({ user, tenant, body, deps, c }) => {
      const project = await tenant(asCaller(user)((tx, caller) => createProject(tx, caller, body, deps.now())));
      return c.json({ id: project.id, message: M.created }, 201);
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/projects/from-deal",
    access: needs("projects", "create"),
    body: projectFromDealSchema,
    response: projectCreatedSchema,
    summary: "Cria o projeto de um negócio ganho (cliente, valor e responsável herdados; exige ver os negócios do CRM)",
    handler: async ({ user, tenant, body, deps, c }) => {
      const project = await tenant(
        asCaller(user)(async (tx, caller) => {
          await assertSeesDeals(tx, user);
          return createProjectFromDeal(tx, caller, body.dealId, deps.now());
        }),
      );
      return c.json({ id: project.id, message: M.created }, 201);
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/projects/won-deals",
    // It lists CRM deals (names, values): it needs what they are shown by, not projects:create.
    access: needs("crm_pipelines", "view"),
    response: wonDealsSchema,
    summary: "Negócios ganhos ainda sem projeto",
    handler: async ({ user, tenant }) => ({
      deals: await tenant((tx) => listWonDealsWithoutProject(tx, agencyOf(user))),
    }),
  }),
  defineRoute({
    method: "GET",
    path: "/api/projects/people",
    access: needs("projects", "view"),
    response: projectPeopleSchema,
    summary: "Membros da agência para escolher responsáveis e participantes",
    handler: async ({ user, tenant }) => ({ people: await tenant((tx) => listAgencyPeople(tx, agencyOf(user))) }),
  }),
  defineRoute({
    method: "GET",
    path: "/api/projects/templates",
    access: needs("projects", "view"),
    response: projectTemplatesSchema,
    summary: "Modelos de projeto da agência",
    handler: async ({ user, tenant }) => ({
      templates: await tenant((tx) => listProjectTemplates(tx, agencyOf(user))),
    }),
  }),
  defineRoute({
    method: "GET",
    path: "/api/projects/clients",
    access: needs("projetos_clientes", "view"),
    response: projectClientsSchema,
    summary: "Empresas clientes com projetos ativos, horas do mês e tarefas abertas",
    handler: async ({ user, tenant, deps }) => {
      const now = deps.now();
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      return {
        clients: await tenant(
          asCaller(user, "projetos_clientes")((tx, caller) => listClientCompanies(tx, caller, monthStart)),
        ),
      };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/projects/:projectId",
    access: needs("projects", "view"),
    response: projectDetailSchema,
    summary: "Um projeto com membros, progresso e custo",
    handler: async ({ user, tenant, params }) => {
      const projectId = uuidParam(params, "projectId", M.notFound);
      const project = await tenant(asCaller(user)((tx, caller) => findProjectDetail(tx, caller, projectId)));
      if (!project) throw new AppError("not_found", M.notFound);
      return project;
    },
  }),
  defineRoute({
    method: "PATCH",
    path: "/api/projects/:projectId",
    access: needs("projects", "edit"),
    body: updateProjectSchema,
    response: okSchema,
    summary: "Altera um projeto",
    handler: async ({ user, tenant, params, body, deps }) => {
      const projectId = uuidParam(params, "projectId", M.notFound);
      await tenant(asCaller(user)((tx, caller) => updateProject(tx, caller, projectId, body, deps.now())));
      return { success: true as const, message: M.updated };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/projects/:projectId",
    access: needs("projects", "delete"),
    query: deleteProjectQuerySchema,
    response: okSchema,
    summary: "Exclui um projeto (com horas lançadas, só com confirmação; as horas ficam no histórico)",
    handler: async ({ user, tenant, params, query, deps }) => {
      const projectId = uuidParam(params, "projectId", M.notFound);
      await tenant(
        asCaller(user)((tx, caller) => deleteProject(tx, caller, projectId, query.confirm === "true", deps.now())),
      );
      return { success: true as const, message: M.deleted };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/projects/:projectId/template",
    access: needs("projects", "create"),
    body: saveTemplateSchema,
    response: projectCreatedSchema,
    summary: "Salva o projeto e sua lista de tarefas como modelo",
    handler: async ({ user, tenant, params, body, c }) => {
      const projectId = uuidParam(params, "projectId", M.notFound);
      const template = await tenant(asCaller(user)((tx, caller) => saveProjectTemplate(tx, caller, projectId, body)));
      return c.json({ id: template.id, message: M.templateSaved }, 201);
    },
  }),
];
