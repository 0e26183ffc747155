import { z } from "zod";
import { ASSIGNABLE_ROLES } from "../roles.ts";
import { WEBHOOK_EVENTS } from "../webhook-events.ts";

export const INTEGRATION_MESSAGES = {
  keyNotFound: "Chave de API não encontrada.",
  webhookNotFound: "Webhook não encontrado.",
  nameRequired: "Informe um nome para a chave.",
  nameTooLong: "O nome deve ter no máximo 80 caracteres.",
  roleInvalid: "Escolha o papel da chave.",
  roleAboveYours: "Você não pode criar uma chave com um papel acima do seu.",
  urlInvalid: "Informe uma URL válida começando com https://.",
  urlTooLong: "A URL deve ter no máximo 2000 caracteres.",
  urlPrivate: "A URL aponta para um endereço privado ou local; use um endereço público.",
  eventsRequired: "Escolha pelo menos um evento.",
  keysForPeople: "Chaves de API não gerenciam chaves, webhooks nem contas; entre com um usuário.",
  invalidKey: "Chave de API inválida ou revogada.",
} as const;

export const createApiKeySchema = z.object({
  name: z
    .string({ error: INTEGRATION_MESSAGES.nameRequired })
    .trim()
    .min(1, INTEGRATION_MESSAGES.nameRequired)
    .max(80, INTEGRATION_MESSAGES.nameTooLong),
  role: z.enum(ASSIGNABLE_ROLES, { error: INTEGRATION_MESSAGES.roleInvalid }),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: z.string(),
  /** The first characters of the key, to tell keys apart (never the whole key). */
  prefix: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema), nextCursor: z.string().nullable() });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The roles the caller may give a new key (GET /api/api-keys/roles): the creation form's options. */
export const grantableKeyRolesSchema = z.object({ roles: z.array(z.enum(ASSIGNABLE_ROLES)) });
export type GrantableKeyRoles = z.infer<typeof grantableKeyRolesSchema>;

/** The answer of a key's creation: the only time the whole key is shown. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** The lists of keys, webhooks and deliveries page as every keyset list does. */
export { keysetQuerySchema as pageQuerySchema } from "./agency-users.ts";

export const createWebhookSchema = z.object({
  url: z
    .string({ error: INTEGRATION_MESSAGES.urlInvalid })
    .trim()
    .max(2000, INTEGRATION_MESSAGES.urlTooLong)
    .refine(
      (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
      INTEGRATION_MESSAGES.urlInvalid,
    ),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: INTEGRATION_MESSAGES.eventsRequired }), {
      error: INTEGRATION_MESSAGES.eventsRequired,
    })
    .min(1, INTEGRATION_MESSAGES.eventsRequired)
    .max(WEBHOOK_EVENTS.length),
});
export type CreateWebhookBody = z.infer<typeof createWebhookSchema>;

export const webhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema), nextCursor: z.string().nullable() });
export type WebhookList = z.infer<typeof webhookListSchema>;

/** The answer of a webhook's creation: the only time its signing secret is shown. */
export const createdWebhookSchema = z.object({ webhook: webhookSchema, secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookDeliveryStatusSchema = z.enum(["pending", "delivered", "failed"]);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: "Aguardando nova tentativa",
  delivered: "Entregue",
  failed: "Falhou",
};

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  event: z.string(),
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

export const queuedDeliverySchema = z.object({ deliveryId: z.uuid() });

export const webhookDeletedSchema = z.object({ ok: z.literal(true) });
