import {
  markedReadSchema,
  NOTIFICATION_MESSAGES,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  unreadCountSchema,
  updateNotificationPreferenceSchema,
} from "#domain/schemas/notifications.ts";
import { AppError } from "../../http/errors.ts";
import { agencyOf, uuidParam } from "../../http/params.ts";
import { defineRoute, SIGNED_IN } from "../../http/route.ts";
import { countUnread } from "./count-unread.ts";
import { readEmailPreferences, saveEmailPreference } from "./email-preferences.ts";
import { listNotifications } from "./list-notifications.ts";
import { markRead, ownsNotification } from "./mark-read.ts";
import { streamNotifications } from "./stream-notifications.ts";

/** The caller's own inbox (header bell, /app/notificacoes); nobody reads another user's. */
export const notificationRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/notifications",
    access: SIGNED_IN,
    query: notificationListQuerySchema,
    response: notificationPageSchema,
    summary: "Notificações do usuário, das mais recentes às mais antigas",
    handler: ({ user, tenant, query }) => {
      const agencyId = agencyOf(user);
      return tenant((tx) =>
        listNotifications(tx, agencyId, user.id, {
          cursor: query.cursor,
          limit: query.limit,
          unreadOnly: query.unread === "true",
        }),
      );
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/notifications/unread-count",
    access: SIGNED_IN,
    response: unreadCountSchema,
    summary: "Quantidade de notificações não lidas do usuário",
    handler: async ({ user, tenant }) => {
      const agencyId = agencyOf(user);
      return { count: await tenant((tx) => countUnread(tx, agencyId, user.id)) };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/notifications/stream",
    access: SIGNED_IN,
    response: { contentType: "text/event-stream", description: "Eventos notification (id = cursor) e unread" },
    summary: "Notificações ao vivo (Server-Sent Events; Last-Event-ID retoma sem perdas)",
    handler: async ({ user, c, deps }) => streamNotifications(c, deps, user, agencyOf(user)),
  }),
  defineRoute({
    method: "POST",
    path: "/api/notifications/read-all",
    access: SIGNED_IN,
    response: markedReadSchema,
    summary: "Marca todas as notificações do usuário como lidas",
    handler: async ({ user, tenant }) => {
      const agencyId = agencyOf(user);
      return { updated: await tenant((tx) => markRead(tx, agencyId, user.id, null)) };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/notifications/:notificationId/read",
    access: SIGNED_IN,
    response: markedReadSchema,
    summary: "Marca uma notificação do usuário como lida",
    handler: async ({ user, tenant, params }) => {
      const agencyId = agencyOf(user);
      const id = uuidParam(params, "notificationId", NOTIFICATION_MESSAGES.notFound);
      const updated = await tenant(async (tx) => {
        if (!(await ownsNotification(tx, agencyId, user.id, id))) return null;
        return markRead(tx, agencyId, user.id, id);
      });
      if (updated === null) throw new AppError("not_found", NOTIFICATION_MESSAGES.notFound);
      return { updated };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/notifications/preferences",
    access: SIGNED_IN,
    response: notificationPreferencesSchema,
    summary: "Quais tipos de notificação o usuário também recebe por e-mail, e se a agência envia e-mails",
    handler: ({ user, tenant }) => {
      const agencyId = agencyOf(user);
      return tenant((tx) => readEmailPreferences(tx, agencyId, user.id));
    },
  }),
  defineRoute({
    method: "PUT",
    path: "/api/notifications/preferences",
    access: SIGNED_IN,
    body: updateNotificationPreferenceSchema,
    response: notificationPreferencesSchema,
    summary: "Liga ou desliga o e-mail de um tipo de notificação para o próprio usuário",
    handler: ({ user, tenant, body }) => {
      const agencyId = agencyOf(user);
      return tenant((tx) => saveEmailPreference(tx, agencyId, user.id, body));
    },
  }),
];
