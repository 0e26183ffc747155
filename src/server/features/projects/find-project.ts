import { sql } from "drizzle-orm";
import { PROJECT_MESSAGES } from "#domain/schemas/projects.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";
import { type Caller, ownProjectsFilter } from "./delivery-scope.ts";

export type ProjectRow = {
  id: string;
  name: string;
  owner_id: string | null;
  company_id: string | null;
  status: string;
  start_date: Date | string | null;
  due_date: Date | string | null;
};

/** A live project the caller reaches (locked for the transaction when `forUpdate`), else 404. */
export async function findProjectOr404(
  tx: Queryable,
  caller: Caller,
  projectId: string,
  options: { forUpdate?: boolean; message?: string } = {},
): Promise<ProjectRow> {
  const [row] = await queryRows<ProjectRow>(
    tx,
    sql`SELECT p.id, p.name, p.owner_id, p.company_id, p.status, p.start_date, p.due_date FROM projects p
        WHERE p.agency_id = ${caller.agencyId} AND p.id = ${projectId} AND p.deleted_at IS NULL
          AND ${ownProjectsFilter(caller)} ${options.forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) throw new AppError("not_found", options.message ?? PROJECT_MESSAGES.notFound);
  return row;
}
