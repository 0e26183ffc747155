import { z } from "zod";

export const priorityTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  projectName: z.string().nullable(),
  priority: z.string(),
  status: z.string(),
  dueDate: z.string().nullable(),
  isOverdue: z.boolean(),
});
export type PriorityTask = z.infer<typeof priorityTaskSchema>;

/**
 * The cards of the agency dashboard, each computed only when the caller may view its module
 * (server: src/server/features/dashboard/cards). A card the caller may not see is absent.
 */
export const dashboardCardsSchema = z.object({
  customers: z.object({ total: z.number(), active: z.number() }),
  /** In progress: every project whose status is not completed. */
  projects: z.object({ total: z.number(), inProgress: z.number() }),
  /** Qualified: score above 50 (spec §9). */
  leads: z.object({ total: z.number(), qualified: z.number() }),
  /** Sum of every visible project budget, as a decimal string (no float rounding on the wire). */
  billing: z.object({ totalBudget: z.string() }),
  /** Received in the current month so far (Financeiro › Visão Geral, same period), vs the same days of last month. */
  revenue: z.object({
    from: z.string(),
    to: z.string(),
    revenueCents: z.number(),
    previousRevenueCents: z.number(),
    changePercent: z.number().nullable(),
  }),
  /** CRM deals: won since the 1st of this month (UTC) and still open, in centavos. */
  sales: z.object({ wonThisMonth: z.number(), wonThisMonthCents: z.number(), open: z.number(), openCents: z.number() }),
  priorityTasks: z.array(priorityTaskSchema),
});
export type DashboardCards = z.infer<typeof dashboardCardsSchema>;

/** The answer of GET /api/dashboard/stats (spec §2.7): the caller's agency and the cards it may see. */
export const dashboardStatsSchema = dashboardCardsSchema.partial().extend({
  agency: z.object({
    id: z.string(),
    name: z.string(),
    plan: z.string(),
    isActive: z.boolean(),
    maxUsers: z.number(),
    maxClients: z.number(),
    maxProjects: z.number(),
  }),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export type TaskPriority = "alta" | "media" | "baixa";

export const QUALIFIED_LEAD_SCORE = 50;
export const PRIORITY_TASK_LIMIT = 5;
