import { dashboardStatsSchema } from "#domain/schemas/dashboard.ts";
import { AppError, MESSAGES } from "../../http/errors.ts";
import { defineRoute, needs } from "../../http/route.ts";
import { loadDashboardStats } from "./dashboard-stats.ts";

export const dashboardRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/dashboard/stats",
    response: dashboardStatsSchema,
    access: needs("dashboard", "view"),
    handler: async ({ user, tenant, deps }) => {
      const agencyId = user.agencyId;
      if (!agencyId) throw new AppError("no_agency", MESSAGES.noAgency);
      const stats = await tenant((tx) => loadDashboardStats(tx, user, agencyId, deps.now()));
      if (!stats) throw new AppError("no_agency", MESSAGES.noAgency);
      return stats;
    },
  }),
];
