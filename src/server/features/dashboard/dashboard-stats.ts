import { and, eq } from "drizzle-orm";
import type { DashboardStats } from "#domain/schemas/dashboard.ts";
import type { Module } from "#domain/modules.ts";
import { sql } from "drizzle-orm";
import type { SessionUser } from "../../auth/session-user.ts";
import { queryRows, type Tx } from "../../db/client.ts";
import { rolePermissions } from "../../db/schema.ts";
import { cardScope } from "./card-scope.ts";
import type { CardContext } from "./dashboard-card.ts";
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

/** The modules the caller's role may view, in one read (super admin: every module). */
async function viewableModules(tx: Tx, user: SessionUser): Promise<(module: Module) => boolean> {
  if (user.isSuperAdmin) return () => true;
  const rows = await tx
    .select({ module: rolePermissions.module })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.role, user.role), eq(rolePermissions.canView, true)));
  const viewable = new Set(rows.map((row) => row.module));
  return (module) => viewable.has(module);
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
  const canView = await viewableModules(tx, user);
  const ctx: CardContext = { agencyId, user, now, canView, scopeOf: (module) => cardScope(user.role, module) };
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
    if (!card.modules.some(canView)) continue;
    Object.assign(stats, { [card.key]: await card.load(tx, ctx) });
  }
  return stats;
}
