import {
  createdWebhookSchema,
  createWebhookSchema,
  INTEGRATION_MESSAGES,
  pageQuerySchema,
  queuedDeliverySchema,
  webhookDeletedSchema,
  webhookDeliveryListSchema,
  webhookListSchema,
} from "#domain/schemas/integrations.ts";
import { AppError } from "../../http/errors.ts";
import { agencyOf, uuidParam } from "../../http/params.ts";
import { defineRoute, needs } from "../../http/route.ts";
import { checkWebhookUrl } from "../../webhooks/check-webhook-url.ts";
import { createWebhook } from "./create-webhook.ts";
import { deleteWebhook } from "./delete-webhook.ts";
import { sendTestDelivery } from "./send-test-delivery.ts";
import { findWebhook, listDeliveries, listWebhooks } from "./webhook-rows.ts";

const actor = (user: { id: string }, agencyId: string, request: { ip: string | null; userAgent: string | null }) => ({
  userId: user.id,
  agencyId,
  ...request,
});

const webhookIdOf = (params: Record<string, string>) =>
  uuidParam(params, "webhookId", INTEGRATION_MESSAGES.webhookNotFound);

/** The agency's outgoing webhooks and their delivery log (Configurações › Integrações). */
export const webhookRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/webhooks",
    access: needs("integracoes", "view"),
    peopleOnly: true,
    query: pageQuerySchema,
    response: webhookListSchema,
    summary: "Lista os webhooks da agência (sem o segredo de assinatura)",
    handler: ({ user, query, tenant }) => {
      const agencyId = agencyOf(user);
      return tenant((tx) => listWebhooks(tx, agencyId, query));
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/webhooks",
    access: needs("integracoes", "create"),
    peopleOnly: true,
    body: createWebhookSchema,
    response: createdWebhookSchema,
    summary: "Registra um webhook (URL https pública e eventos); o segredo é mostrado só nesta resposta",
    handler: async ({ c, user, body, deps, tenant, request }) => {
      const agencyId = agencyOf(user);
      await checkWebhookUrl(body.url, { allowLoopback: deps.config.webhookLoopbackForTests });
      const created = await tenant((tx) => createWebhook(tx, agencyId, user.id, body, actor(user, agencyId, request)));
      return c.json(created, 201);
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/webhooks/:webhookId",
    access: needs("integracoes", "delete"),
    peopleOnly: true,
    response: webhookDeletedSchema,
    summary: "Exclui um webhook e o seu registro de entregas",
    handler: async ({ user, params, tenant, request }) => {
      const agencyId = agencyOf(user);
      const id = webhookIdOf(params);
      await tenant((tx) => deleteWebhook(tx, agencyId, id, actor(user, agencyId, request)));
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/webhooks/:webhookId/deliveries",
    access: needs("integracoes", "view"),
    peopleOnly: true,
    query: pageQuerySchema,
    response: webhookDeliveryListSchema,
    summary: "Registro de entregas de um webhook, das mais recentes para as mais antigas",
    handler: ({ user, params, query, tenant }) => {
      const agencyId = agencyOf(user);
      const id = webhookIdOf(params);
      return tenant(async (tx) => {
        if (!(await findWebhook(tx, agencyId, id)))
          throw new AppError("not_found", INTEGRATION_MESSAGES.webhookNotFound);
        return listDeliveries(tx, agencyId, id, query);
      });
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/webhooks/:webhookId/test",
    access: needs("integracoes", "edit"),
    peopleOnly: true,
    response: queuedDeliverySchema,
    summary: "Envia um evento webhook.test para o webhook (aparece no registro de entregas)",
    handler: ({ user, params, tenant }) => {
      const agencyId = agencyOf(user);
      const id = webhookIdOf(params);
      return tenant((tx) => sendTestDelivery(tx, agencyId, id, user.id));
    },
  }),
];
