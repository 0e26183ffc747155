import { and, eq, sql } from "drizzle-orm";
import { DEFAULT_EMAIL_PREFERENCE, NOTIFICATION_KIND_LIST } from "#domain/notification-kinds.ts";
import { readStoredSetting } from "#domain/schemas/agency-settings.ts";
import type { NotificationPreferenceChange, NotificationPreferences } from "#domain/schemas/notifications.ts";
import type { Tx } from "../../db/client.ts";
import { agencySettings, notificationEmailPreferences } from "../../db/schema.ts";

/** The caller's choice for every kind (the default where none was made) and the agency's switch. */
export async function readEmailPreferences(tx: Tx, agencyId: string, userId: string): Promise<NotificationPreferences> {
  const rows = await tx
    .select({ kind: notificationEmailPreferences.kind, email: notificationEmailPreferences.email })
    .from(notificationEmailPreferences)
    .where(and(eq(notificationEmailPreferences.agencyId, agencyId), eq(notificationEmailPreferences.userId, userId)));
  const chosen = new Map(rows.map((row) => [row.kind, row.email]));
  const [setting] = await tx
    .select({ value: agencySettings.settingValue })
    .from(agencySettings)
    .where(and(eq(agencySettings.agencyId, agencyId), eq(agencySettings.settingKey, "notification_email")));
  return {
    agencyEmailEnabled: readStoredSetting("notification_email", setting?.value),
    preferences: NOTIFICATION_KIND_LIST.map((kind) => ({ kind, email: chosen.get(kind) ?? DEFAULT_EMAIL_PREFERENCE })),
  };
}

/** Saves one kind's choice for the caller (row-level security: only one's own row). */
export async function saveEmailPreference(
  tx: Tx,
  agencyId: string,
  userId: string,
  change: NotificationPreferenceChange,
): Promise<NotificationPreferences> {
  await tx
    .insert(notificationEmailPreferences)
    .values({ agencyId, userId, kind: change.kind, email: change.email })
    .onConflictDoUpdate({
      target: [
        notificationEmailPreferences.agencyId,
        notificationEmailPreferences.userId,
        notificationEmailPreferences.kind,
      ],
      set: { email: change.email, updatedAt: sql`now()` },
    });
  return readEmailPreferences(tx, agencyId, userId);
}
