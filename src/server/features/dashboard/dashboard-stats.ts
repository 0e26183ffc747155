import { sql } from "drizzle-orm";
import {
  type DashboardStats,
  PRIORITY_TASK_LIMIT,
  type PriorityTask,
  QUALIFIED_LEAD_SCORE,
} from "#domain/schemas/dashboard.ts";
import { queryRows, type Tx } from "../../db/client.ts";

type CountsRow = {
  customers_total: number;
  customers_active: number;
  projects_total: number;
  projects_in_progress: number;
  leads_total: number;
  leads_qualified: number;
  total_budget: string;
};

type AgencyRow = {
  id: string;
  name: string;
  subscription_plan: string;
  subscription_status: string;
  max_users: number;
  max_clients: number;
  max_projects: number;
};

type TaskRow = {
  id: string;
  title: string;
  project_name: string | null;
  priority: string;
  status: string;
  due_date: Date | string | null;
};

/** Every counter in one statement; each sub-select filters by agency_id (RLS is the second lock). */
async function countAgencyRows(tx: Tx, agencyId: string): Promise<CountsRow> {
  const [row] = await queryRows<CountsRow>(
    tx,
    sql`SELECT
      (SELECT count(*)::int FROM customers WHERE agency_id = ${agencyId} AND deleted_at IS NULL) AS customers_total,
      (SELECT count(*)::int FROM customers WHERE agency_id = ${agencyId} AND status = 'ativo' AND deleted_at IS NULL) AS customers_active,
      (SELECT count(*)::int FROM projects WHERE agency_id = ${agencyId}) AS projects_total,
      (SELECT count(*)::int FROM projects WHERE agency_id = ${agencyId} AND status <> 'completed') AS projects_in_progress,
      (SELECT count(*)::int FROM leads WHERE agency_id = ${agencyId} AND deleted_at IS NULL) AS leads_total,
      (SELECT count(*)::int FROM leads WHERE agency_id = ${agencyId} AND score > ${QUALIFIED_LEAD_SCORE}) AS leads_qualified,
      (SELECT coalesce(sum(budget), 0)::text FROM projects WHERE agency_id = ${agencyId}) AS total_budget`,
  );
  return row;
}

async function findAgency(tx: Tx, agencyId: string): Promise<AgencyRow | undefined> {
  const [row] = await queryRows<AgencyRow>(
    tx,
    sql`SELECT id, name, subscription_plan, subscription_status, max_users, max_clients, max_projects
        FROM agencies WHERE id = ${agencyId}`,
  );
  return row;
}

/** Open tasks, most urgent first: priority alta > media > baixa, then the nearest due date. */
async function findPriorityTasks(tx: Tx, agencyId: string): Promise<TaskRow[]> {
  return queryRows<TaskRow>(
    tx,
    sql`SELECT t.id, t.title, p.name AS project_name, t.priority, t.status, t.due_date
        FROM tasks t
        LEFT JOIN projects p ON p.id = t.project_id AND p.agency_id = t.agency_id
        WHERE t.agency_id = ${agencyId} AND t.status <> 'completed'
        ORDER BY CASE t.priority WHEN 'alta' THEN 0 WHEN 'media' THEN 1 WHEN 'baixa' THEN 2 ELSE 3 END,
                 t.due_date ASC NULLS LAST, t.id
        LIMIT ${PRIORITY_TASK_LIMIT}`,
  );
}

function toPriorityTask(row: TaskRow, now: Date): PriorityTask {
  const due = row.due_date ? new Date(row.due_date) : null;
  return {
    id: row.id,
    title: row.title,
    projectName: row.project_name,
    priority: row.priority,
    status: row.status,
    dueDate: due ? due.toISOString() : null,
    isOverdue: due !== null && due.getTime() < now.getTime(),
  };
}

/** The agency dashboard's numbers; null when the agency is not visible to this transaction. */
export async function loadDashboardStats(tx: Tx, agencyId: string, now: Date): Promise<DashboardStats | null> {
  const agency = await findAgency(tx, agencyId);
  if (!agency) return null;
  const counts = await countAgencyRows(tx, agencyId);
  const tasks = await findPriorityTasks(tx, agencyId);
  return {
    agency: {
      id: agency.id,
      name: agency.name,
      plan: agency.subscription_plan,
      isActive: agency.subscription_status === "active",
      maxUsers: agency.max_users,
      maxClients: agency.max_clients,
      maxProjects: agency.max_projects,
    },
    customers: { total: counts.customers_total, active: counts.customers_active },
    projects: { total: counts.projects_total, inProgress: counts.projects_in_progress },
    leads: { total: counts.leads_total, qualified: counts.leads_qualified },
    billing: { totalBudget: counts.total_budget },
    priorityTasks: tasks.map((row) => toPriorityTask(row, now)),
  };
}
