import { sql } from "drizzle-orm";
import type { ProjectStatus, ProjectsPage } from "#domain/schemas/projects.ts";
import type { Queryable } from "../../db/client.ts";
import { decodeCursor, pageOf } from "../../db/keyset-cursor.ts";
import type { Caller } from "./delivery-scope.ts";
import { selectProjectSummaries } from "./project-rows.ts";

type Options = { status?: ProjectStatus; companyId?: string; q?: string; cursor?: string; limit: number };

/** The caller's projects, newest first, paged by (created_at, id). */
export async function listProjects(tx: Queryable, caller: Caller, options: Options): Promise<ProjectsPage> {
  const cursor = decodeCursor(options.cursor);
  const rows = await selectProjectSummaries(
    tx,
    caller,
    sql`${options.status ? sql`p.status = ${options.status}` : sql`true`}
      AND ${options.companyId ? sql`p.company_id = ${options.companyId}` : sql`true`}
      AND ${options.q ? sql`p.name ILIKE ${`%${options.q.replace(/[%_\\]/g, "\\$&")}%`}` : sql`true`}
      AND ${cursor ? sql`(p.created_at, p.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : sql`true`}`,
    sql`ORDER BY p.created_at DESC, p.id DESC LIMIT ${options.limit + 1}`,
  );
  const { page, nextCursor } = pageOf(rows, options.limit, (row) => ({ createdAt: row.exactCreatedAt, id: row.id }));
  return { projects: page.map(({ exactCreatedAt: _, ...project }) => project), nextCursor };
}
