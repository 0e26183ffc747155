import { actorOf } from "../../audit/audit-actor.ts";
import {
  apiKeyListSchema,
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
  grantableKeyRolesSchema,
  INTEGRATION_MESSAGES,
  pageQuerySchema,
} from "#domain/schemas/integrations.ts";
import { agencyOf, uuidParam } from "../../http/params.ts";
import { defineRoute, needs } from "../../http/route.ts";
import { listApiKeys } from "./api-key-rows.ts";
import { createApiKey } from "./create-api-key.ts";
import { grantableKeyRoles } from "./grantable-key-roles.ts";
import { revokeApiKey } from "./revoke-api-key.ts";

/** The agency's API keys (Configurações › Integrações): managed by people, never by a key. */
export const apiKeyRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/api-keys",
    access: needs("integracoes", "view"),
    peopleOnly: true,
    query: pageQuerySchema,
    response: apiKeyListSchema,
    summary: "Lista as chaves de API da agência (sem a chave em si)",
    handler: ({ user, query, tenant }) => {
      const agencyId = agencyOf(user);
      return tenant((tx) => listApiKeys(tx, agencyId, query));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/api-keys/roles",
    access: needs("integracoes", "create"),
    peopleOnly: true,
    response: grantableKeyRolesSchema,
    summary: "Papéis que o usuário pode dar a uma nova chave (nenhum com permissão que ele não tenha)",
    handler: async ({ user, tenant }) => ({ roles: await tenant((tx) => grantableKeyRoles(tx, user)) }),
  }),
  defineRoute({
    method: "POST",
    path: "/api/api-keys",
    access: needs("integracoes", "create"),
    peopleOnly: true,
    body: createApiKeySchema,
    response: createdApiKeySchema,
    summary: "Cria uma chave de API com um papel; a chave é mostrada só nesta resposta",
    handler: async ({ c, user, body, tenant, request }) => {
      const agencyId = agencyOf(user);
      const created = await tenant((tx) => createApiKey(tx, user, agencyId, body, actorOf(user, agencyId, request)));
      return c.json(created, 201);
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/api-keys/:apiKeyId",
    access: needs("integracoes", "delete"),
    peopleOnly: true,
    response: apiKeySchema,
    summary: "Revoga uma chave de API (as próximas requisições com ela recebem 401)",
    handler: ({ user, params, tenant, request }) => {
      const agencyId = agencyOf(user);
      const id = uuidParam(params, "apiKeyId", INTEGRATION_MESSAGES.keyNotFound);
      return tenant((tx) => revokeApiKey(tx, agencyId, id, actorOf(user, agencyId, request)));
    },
  }),
];
