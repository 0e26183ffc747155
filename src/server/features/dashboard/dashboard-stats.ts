import { and, eq } from "drizzle-orm";
import type { DashboardStats } from "#domain/schemas/dashboard.ts";
import type { Module } from "#domain/modules.ts";
import { sql } from "drizzle-orm";
import type { SessionUser } from "../../auth/session-user.ts";
import { queryRows, type Tx } from "../../db/client.ts";
import { rolePermissions } from "../../db/schema.ts";
import type { CardContext, CardScope } from "./dashboard-card.ts";
import { DASHBOARD_CARDS } from "./dashboard-cards.ts";

type AgencyRow = {
  id: string;
  name: string;
  subscription_plan: string;
  subscription_status: string;
  max_users: number;
  max_clients: number;
  max_projects: number;
};

async function findAgency(tx: Tx, agencyId: string): Promise<AgencyRow | undefined> {
  const [row] = await queryRows<AgencyRow>(
    tx,
    sql`SELECT id, name, subscription_plan, subscription_status, max_users, max_clients, max_projects
        FROM agencies WHERE id = ${agencyId}`,
  );
  return row;
}

type Access = { canView: (module: Module) => boolean; scopeOf: (module: Module) => CardScope };

/**
 * What the caller's role may view, and in which record scope, in one read of its permission rows
 * (super admin: every module, every record). A module without a row is not viewable.
 */
async function accessOf(tx: Tx, user: SessionUser): Promise<Access> {
  if (user.isSuperAdmin) return { canView: () => true, scopeOf: () => "all" };
  const rows = await tx
    .select({ module: rolePermissions.module, recordScope: rolePermissions.recordScope })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.role, user.role), eq(rolePermissions.canView, true)));
  const scopes = new Map(rows.map((row) => [row.module, row.recordScope]));
  return { canView: (module) => scopes.has(module), scopeOf: (module) => scopes.get(module) ?? "own" };
}

/**
 * The agency dashboard as this caller may see it: the agency's status, and each card whose module
 * the caller may view, computed from the records in its scope. Null when the agency is not visible.
 */
export async function loadDashboardStats(
  tx: Tx,
  user: SessionUser,
  agencyId: string,
  now: Date,
): Promise<DashboardStats | null> {
  const agency = await findAgency(tx, agencyId);
  if (!agency) return null;
  const access = await accessOf(tx, user);
  const ctx: CardContext = { agencyId, user, now, ...access };
  const stats: DashboardStats = {
    agency: {
      id: agency.id,
      name: agency.name,
      plan: agency.subscription_plan,
      isActive: agency.subscription_status === "active",
      maxUsers: agency.max_users,
      maxClients: agency.max_clients,
      maxProjects: agency.max_projects,
    },
  };
  for (const card of DASHBOARD_CARDS) {
    if (!card.modules.some(access.canView)) continue;
    Object.assign(stats, { [card.key]: await card.load(tx, ctx) });
  }
  return stats;
}
