import { type SQL, sql } from "drizzle-orm";
import { type Queryable, queryRows } from "../../db/client.ts";

/**
 * Active agencies whose automatic backup is on (no row: the default, on) and whose newest backup
 * is older than their frequency (no row or an unknown value: weekly), as the settings screen reads
 * them (readStoredSetting); `only` narrows to one agency (a queued job checks again before it runs).
 * Due half an hour early: the hourly sweep starts each backup a little after the hour, and without
 * the slack the next one would wait for the following sweep (a daily backup an hour later each day).
 */
function dueQuery(now: Date, only: string | null): SQL {
  return sql`select a.id
      from agencies a
      left join agency_settings enabled on enabled.agency_id = a.id and enabled.setting_key = 'auto_backup'
      left join agency_settings frequency on frequency.agency_id = a.id and frequency.setting_key = 'backup_frequency'
      left join lateral (
        select b.created_at from agency_backups b
         where b.agency_id = a.id order by b.created_at desc, b.id desc limit 1
      ) newest on true
     where a.subscription_status = 'active'
       and (${only}::uuid is null or a.id = ${only}::uuid)
       and coalesce(enabled.setting_value, 'true'::jsonb) not in ('false'::jsonb, '"false"'::jsonb)
       and (newest.created_at is null
            or newest.created_at <= ${now.toISOString()}::timestamptz + interval '30 minutes'
               - case frequency.setting_value #>> '{}'
                   when 'daily' then interval '1 day'
                   when 'monthly' then interval '1 month'
                   else interval '7 days'
                 end)
     order by a.id`;
}

/** Every agency whose automatic backup is due at `now`. */
export async function findDueAgencies(db: Queryable, now: Date): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(db, dueQuery(now, null));
  return rows.map((row) => row.id);
}

export async function isAutoBackupDue(db: Queryable, agencyId: string, now: Date): Promise<boolean> {
  return (await queryRows(db, dueQuery(now, agencyId))).length > 0;
}
