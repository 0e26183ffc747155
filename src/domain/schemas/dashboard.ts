/**
 * The cards of the agency dashboard, each computed only when the caller may view its module
 * (server: src/server/features/dashboard/cards). A card the caller may not see is absent.
 */
export type DashboardCards = {
  customers: { total: number; active: number };
  /** In progress: every project whose status is not completed. */
  projects: { total: number; inProgress: number };
  /** Qualified: score above 50 (spec §9). */
  leads: { total: number; qualified: number };
  /** Sum of every visible project budget, as a decimal string (no float rounding on the wire). */
  billing: { totalBudget: string };
  /** Received in the current month so far (Financeiro › Visão Geral, same period), vs the same days of last month. */
  revenue: {
    from: string;
    to: string;
    revenueCents: number;
    previousRevenueCents: number;
    changePercent: number | null;
  };
  /** CRM deals: won since the 1st of this month (UTC) and still open, in centavos. */
  sales: { wonThisMonth: number; wonThisMonthCents: number; open: number; openCents: number };
  priorityTasks: PriorityTask[];
};

/** The answer of GET /api/dashboard/stats (spec §2.7): the caller's agency and the cards it may see. */
export type DashboardStats = {
  agency: {
    id: string;
    name: string;
    plan: string;
    isActive: boolean;
    maxUsers: number;
    maxClients: number;
    maxProjects: number;
  };
} & Partial<DashboardCards>;

export type TaskPriority = "alta" | "media" | "baixa";

export type PriorityTask = {
  id: string;
  title: string;
  projectName: string | null;
  priority: string;
  status: string;
  dueDate: string | null;
  isOverdue: boolean;
};

export const QUALIFIED_LEAD_SCORE = 50;
export const PRIORITY_TASK_LIMIT = 5;
