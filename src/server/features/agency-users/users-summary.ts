import { sql } from "drizzle-orm";
import type { AgencyUsersSummary } from "#domain/schemas/agency-users.ts";
import { type Tx, queryRows } from "../../db/client.ts";

type Row = { total_users: number; managers: number; clients: number; pending_invites: number };

/** The four cards of Gestão de Usuários in one query, each count served by an agency_id index. */
export async function usersSummary(tx: Tx, agencyId: string, now: Date): Promise<AgencyUsersSummary> {
  const [row] = await queryRows<Row>(
    tx,
    sql`select count(*)::int as total_users,
               (count(*) filter (where r.role = 'agency_manager'))::int as managers,
               (count(*) filter (where r.role = 'agency_client'))::int as clients,
               (select count(*)::int from agency_invites i
                 where i.agency_id = ${agencyId} and i.accepted_at is null
                   and i.expires_at > ${now.toISOString()}::timestamptz) as pending_invites
          from profiles p
          left join user_roles r on r.user_id = p.id
         where p.agency_id = ${agencyId}`,
  );
  return {
    totalUsers: row.total_users,
    managers: row.managers,
    clients: row.clients,
    pendingInvites: row.pending_invites,
  };
}
