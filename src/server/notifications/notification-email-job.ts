import { sql } from "drizzle-orm";
import { DEFAULT_EMAIL_PREFERENCE, NOTIFICATION_KINDS, isNotificationKind } from "#domain/notification-kinds.ts";
import { recordPath } from "#domain/records.ts";
import { readStoredSetting } from "#domain/schemas/agency-settings.ts";
import { queryRows } from "../db/client.ts";
import type { Deps } from "../deps.ts";
import { defineJob } from "../jobs/job-handler.ts";
import { textToHtml } from "../mail/html.ts";

export const NOTIFICATION_EMAIL_JOB = "email_notifications";
export const NOTIFICATION_PREFERENCES_PATH = "/app/notificacoes/preferencias";

type Pending = {
  id: string;
  kind: string;
  title: string;
  body: string | null;
  record_type: string | null;
  record_id: string | null;
  email: string;
  agency_setting: unknown;
  wants: boolean | null;
};

/** A notification not e-mailed yet, with its recipient's address and both switches that decide it. */
async function pendingNotification(deps: Deps, id: string): Promise<Pending | null> {
  const [row] = await queryRows<Pending>(
    deps.database.owner,
    sql`select n.id, n.kind, n.title, n.body, n.record_type, n.record_id::text, u.email,
               (select s.setting_value from agency_settings s
                 where s.agency_id = n.agency_id and s.setting_key = 'notification_email') as agency_setting,
               (select p.email from notification_email_preferences p
                 where p.agency_id = n.agency_id and p.user_id = n.user_id and p.kind = n.kind) as wants
          from notifications n
          join "user" u on u.id = n.user_id
          join profiles pr on pr.id = n.user_id and pr.agency_id = n.agency_id
         where n.id = ${id} and n.emailed_at is null`,
  );
  return row ?? null;
}

function wantsEmail(row: Pending): boolean {
  if (!isNotificationKind(row.kind)) return false;
  if (!readStoredSetting("notification_email", row.agency_setting)) return false;
  return row.wants ?? DEFAULT_EMAIL_PREFERENCE;
}

function mailOf(publicUrl: string, row: Pending) {
  const label = isNotificationKind(row.kind) ? NOTIFICATION_KINDS[row.kind].label : row.kind;
  const link = new URL(recordPath(row.record_type, row.record_id) ?? "/app/notificacoes", publicUrl).toString();
  const preferences = new URL(NOTIFICATION_PREFERENCES_PATH, publicUrl).toString();
  const lines = [
    row.title,
    ...(row.body ? [row.body] : []),
    "",
    "Abrir no Nexo:",
    link,
    "",
    `Você recebe este e-mail porque escolheu receber avisos de "${label}" por e-mail. Para mudar, acesse:`,
    preferences,
  ];
  const text = lines.join("\n");
  return { to: row.email, subject: `Nexo: ${row.title}`, text, html: textToHtml(text, [link, preferences]) };
}

/**
 * Claims one notification (emailed_at, so a retry or a second server never mails it twice) and
 * sends its e-mail through the mailer (the outbox, delivered by its own job). A failed send gives
 * the claim back and throws, so the job is retried.
 */
async function emailNotification(deps: Deps, id: string): Promise<boolean> {
  const row = await pendingNotification(deps, id);
  if (!row || !wantsEmail(row)) return false;
  const db = deps.database.owner;
  const claimed = await queryRows<{ id: string }>(
    db,
    sql`update notifications set emailed_at = now() where id = ${id} and emailed_at is null returning id`,
  );
  if (claimed.length === 0) return false;
  try {
    await deps.mailer.send(mailOf(deps.config.publicUrl, row));
    return true;
  } catch (error) {
    await db.execute(sql`update notifications set emailed_at = null where id = ${id}`);
    throw error;
  }
}

/**
 * E-mail per event type (issue 15 §2): enqueued by notifyUsers in the change's transaction, it
 * mails each notification whose agency has "Notificações por e-mail" on and whose recipient has
 * not turned that kind off (Notificações › Preferências). Never inside the request.
 */
export const notificationEmailJob = defineJob<{ notificationIds: string[] }>({
  name: NOTIFICATION_EMAIL_JOB,
  maxAttempts: 5,
  async handler(deps, { payload }) {
    for (const id of payload.notificationIds) await emailNotification(deps, id);
  },
});
