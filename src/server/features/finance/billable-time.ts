import { sql } from "drizzle-orm";
import type { BillableProject, BillableTimePreview } from "#domain/schemas/finance.ts";
import { FINANCE_MESSAGES } from "#domain/schemas/finance.ts";
import { timeInvoiceLines } from "#domain/time-invoice-lines.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";
import { listUninvoicedApprovedTime, type UninvoicedTime } from "../time-tracking/invoicing.ts";
import { documentRows } from "./document-lines.ts";

type ProjectRow = {
  project_id: string;
  project_name: string;
  company_id: string | null;
  company_name: string | null;
  entries: number;
  seconds: number;
};

const toBillableProject = (row: ProjectRow): BillableProject => ({
  projectId: row.project_id,
  projectName: row.project_name,
  companyId: row.company_id,
  companyName: row.company_name,
  entries: Number(row.entries),
  minutes: Math.round(Number(row.seconds) / 60),
});

/** The agency's projects holding approved, billable hours no invoice took yet (partial index on time_entries). */
export async function listBillableProjects(db: Queryable, agencyId: string): Promise<BillableProject[]> {
  const rows = await queryRows<ProjectRow>(
    db,
    sql`SELECT p.id AS project_id, p.name AS project_name, p.company_id, co.name AS company_name,
          count(*)::int AS entries, sum(extract(epoch FROM e.ended_at - e.started_at))::int AS seconds
        FROM time_entries e
        JOIN projects p ON p.agency_id = e.agency_id AND p.id = e.project_id AND p.deleted_at IS NULL
        LEFT JOIN companies co ON co.agency_id = p.agency_id AND co.id = p.company_id AND co.deleted_at IS NULL
        WHERE e.agency_id = ${agencyId} AND e.billable AND e.approved_at IS NOT NULL
          AND e.invoice_id IS NULL AND e.ended_at IS NOT NULL
        GROUP BY p.id, p.name, p.company_id, co.name
        ORDER BY p.name, p.id
        LIMIT 500`,
  );
  return rows.map(toBillableProject);
}

async function billableProject(db: Queryable, agencyId: string, projectId: string) {
  const [project] = await queryRows<{
    id: string;
    name: string;
    company_id: string | null;
    company_name: string | null;
  }>(
    db,
    sql`SELECT p.id, p.name, p.company_id, co.name AS company_name
        FROM projects p
        LEFT JOIN companies co ON co.agency_id = p.agency_id AND co.id = p.company_id AND co.deleted_at IS NULL
        WHERE p.agency_id = ${agencyId} AND p.id = ${projectId} AND p.deleted_at IS NULL`,
  );
  if (!project) throw new AppError("not_found", FINANCE_MESSAGES.projectNotFound);
  return project;
}

export type BillableTime = {
  preview: BillableTimePreview;
  entries: UninvoicedTime[];
  rows: ReturnType<typeof documentRows>;
};

/**
 * A project's hours as an invoice would take them: the entries, their lines (one per task and
 * rate) and the totals by the document money rule, so the preview is what gets issued.
 */
export async function billableTime(
  db: Queryable,
  agencyId: string,
  projectId: string,
  options: { timeZone: string; issRateBp?: number; issWithheld?: boolean },
): Promise<BillableTime> {
  const project = await billableProject(db, agencyId, projectId);
  const entries = await listUninvoicedApprovedTime(db, agencyId, projectId);
  const lines = timeInvoiceLines(entries, options.timeZone);
  const rows = documentRows({
    items: lines,
    discountCents: 0,
    issRateBp: options.issRateBp ?? 0,
    issWithheld: options.issWithheld ?? false,
  });
  const preview: BillableTimePreview = {
    projectId: project.id,
    projectName: project.name,
    companyId: project.company_id,
    companyName: project.company_name,
    entries: entries.length,
    minutes: Math.round(entries.reduce((sum, entry) => sum + entry.seconds, 0) / 60),
    lines: lines.map((line, index) => ({ ...line, totalCents: rows.items[index].totalCents })),
    subtotalCents: rows.columns.subtotalCents,
  };
  return { preview, entries, rows };
}
