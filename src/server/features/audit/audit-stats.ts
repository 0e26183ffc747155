import { sql } from "drizzle-orm";
import { CRITICAL_ACTIONS } from "#domain/audit.ts";
import { type AuditStats, WORKING_HOURS } from "#domain/schemas/audit.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { queryRows, type Tx } from "../../db/client.ts";
import { auditScope, toAuditLogRow } from "./list-audit-logs.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const SUSPICIOUS_LIMIT = 5;

/** Spec §9: total over 30 days, critical actions over 7 days, counts by action, suspicious activity. */
export async function auditStats(tx: Tx, user: SessionUser, now: Date): Promise<AuditStats> {
  const scope = auditScope(user);
  const since30 = new Date(now.getTime() - 30 * DAY_MS).toISOString();
  const since7 = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  const critical = sql.join(
    CRITICAL_ACTIONS.map((action) => sql`${action}`),
    sql`, `,
  );

  const byAction = await queryRows<{ action: string; count: number }>(
    tx,
    sql`select l.action, count(*)::int as count from audit_logs l
        where ${scope} and l.created_at >= ${since30}
        group by l.action order by count desc, l.action`,
  );
  const [criticalCount] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from audit_logs l
        where ${scope} and l.created_at >= ${since7} and l.action in (${critical})`,
  );
  const localHour = sql`extract(hour from l.created_at at time zone ${WORKING_HOURS.timeZone})`;
  const suspicious = await queryRows<Parameters<typeof toAuditLogRow>[0]>(
    tx,
    sql`select l.*, p.first_name, p.last_name, p.email
        from audit_logs l left join profiles p on p.id = l.user_id
        where ${scope} and l.created_at >= ${since7}
          and (l.action in (${critical}) or ${localHour} < ${WORKING_HOURS.start} or ${localHour} >= ${WORKING_HOURS.end})
        order by l.created_at desc, l.id desc
        limit ${SUSPICIOUS_LIMIT}`,
  );
  return {
    totalLast30Days: byAction.reduce((sum, row) => sum + row.count, 0),
    criticalLast7Days: criticalCount?.n ?? 0,
    byAction,
    suspicious: suspicious.map(toAuditLogRow),
  };
}
