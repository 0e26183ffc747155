import { platformSummarySchema } from "#domain/schemas/admin-users.ts";
import {
  agencyListQuerySchema,
  createAgencySchema,
  updateAgencySchema,
  agencyPageSchema,
  createdAgencySchema,
  agencyRowSchema,
} from "#domain/schemas/agencies.ts";
import { uuidParam } from "../../http/params.ts";
import { defineRoute, SUPER_ADMIN } from "../../http/route.ts";
import { createAgency } from "./create-agency.ts";
import { listAgencies } from "./list-agencies.ts";
import { platformSummary } from "./platform-summary.ts";
import { updateAgency } from "./update-agency.ts";

export const agencyRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/admin/summary",
    response: platformSummarySchema,
    access: SUPER_ADMIN,
    handler: ({ tenant, deps }) => platformSummary(deps.database.owner, tenant),
  }),
  defineRoute({
    method: "GET",
    path: "/api/admin/agencies",
    response: agencyPageSchema,
    access: SUPER_ADMIN,
    query: agencyListQuerySchema,
    handler: ({ tenant, query }) => tenant((tx) => listAgencies(tx, query)),
  }),
  defineRoute({
    method: "POST",
    path: "/api/admin/agencies",
    response: createdAgencySchema,
    access: SUPER_ADMIN,
    tightRateLimit: true,
    body: createAgencySchema,
    handler: async ({ deps, tenant, user, body, request, c }) =>
      c.json(await createAgency(deps, tenant, user, body, request), 201),
  }),
  defineRoute({
    method: "PUT",
    path: "/api/admin/agencies/:id",
    response: agencyRowSchema,
    access: SUPER_ADMIN,
    body: updateAgencySchema,
    summary: "Substitui os dados de uma agência: todos os campos são obrigatórios (sem valores padrão)",
    handler: ({ tenant, user, body, params, request }) =>
      updateAgency(tenant, user, uuidParam(params, "id"), body, request),
  }),
];
