import { and, eq } from "drizzle-orm";
import { CRM_MESSAGES, type ImportStatus } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { crmImports } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { CrmContext } from "./crm-context.ts";

/** An import's progress, readable by its author only. */
export async function getImport(tx: Tx, ctx: CrmContext, id: string): Promise<ImportStatus> {
  const [row] = await tx
    .select()
    .from(crmImports)
    .where(and(eq(crmImports.agencyId, ctx.agencyId), eq(crmImports.userId, ctx.user.id), eq(crmImports.id, id)))
    .limit(1);
  if (!row) throw new AppError("not_found", CRM_MESSAGES.importNotFound);
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    importedRows: row.importedRows,
    mergedRows: row.mergedRows,
    skippedRows: row.skippedRows,
    failedRows: row.failedRows,
    errors: row.errors,
    columns: row.columns,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
