import { z } from "zod";
import { NOTIFICATION_KIND_LIST, type NotificationKind } from "../notification-kinds.ts";

export { NOTIFICATION_MESSAGES } from "../notification-messages.ts";

export const notificationListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  unread: z.enum(["true", "false"]).optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  recordType: z.string().nullable(),
  recordId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });
export const markedReadSchema = z.object({ updated: z.number().int() });

export const NOTIFICATION_PREFERENCE_MESSAGES = {
  unknownKind: "Tipo de notificação desconhecido",
  invalidChoice: "Escolha se este aviso também vem por e-mail",
  saved: "Preferência salva",
  saveFailed: "Não foi possível salvar a preferência",
  loadFailed: "Erro ao carregar as preferências",
} as const;

/** One change on the preferences screen: a kind's e-mail on or off (the form and the route share it). */
export const updateNotificationPreferenceSchema = z.strictObject({
  kind: z.enum(NOTIFICATION_KIND_LIST as [NotificationKind, ...NotificationKind[]], {
    error: NOTIFICATION_PREFERENCE_MESSAGES.unknownKind,
  }),
  email: z.boolean({ error: NOTIFICATION_PREFERENCE_MESSAGES.invalidChoice }),
});
export type NotificationPreferenceChange = z.infer<typeof updateNotificationPreferenceSchema>;

export const notificationPreferencesSchema = z.object({
  /** The agency's switch (Configurações › Sistema): off, no notification is e-mailed. */
  agencyEmailEnabled: z.boolean(),
  preferences: z.array(z.object({ kind: z.string(), email: z.boolean() })),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
