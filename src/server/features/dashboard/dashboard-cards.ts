import { billingCard } from "./cards/billing-card.ts";
import { customersCard } from "./cards/customers-card.ts";
import { leadsCard } from "./cards/leads-card.ts";
import { priorityTasksCard } from "./cards/priority-tasks-card.ts";
import { projectsCard } from "./cards/projects-card.ts";
import { revenueCard } from "./cards/revenue-card.ts";
import { salesCard } from "./cards/sales-card.ts";
import type { DashboardCard } from "./dashboard-card.ts";

/** Every card of the agency dashboard, in display order; each is gated on its modules. */
export const DASHBOARD_CARDS: readonly DashboardCard[] = [
  customersCard,
  projectsCard,
  leadsCard,
  billingCard,
  revenueCard,
  salesCard,
  priorityTasksCard,
];
