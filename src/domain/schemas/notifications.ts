import { z } from "zod";

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
