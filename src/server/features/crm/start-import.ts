import { parseCsv } from "#domain/crm/csv.ts";
import { CRM_MESSAGES, type ImportBody, MAX_IMPORT_ROWS } from "#domain/schemas/crm.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { crmImports } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { CrmContext } from "./crm-context.ts";

/** The file's rows as they are (by its own headers) and which column becomes which field. */
export type PreparedImport = { importId: string; rows: Record<string, string>[]; mapping: [string, string][] };

/**
 * Checks the whole file before anything is written (not CSV, too many rows, no name column:
 * refused with nothing imported) and records the import; its rows are processed by runImport.
 */
export async function startImport(tx: Tx, ctx: CrmContext, body: ImportBody): Promise<PreparedImport> {
  const parsed = parseCsv(body.csv);
  if (parsed.error) throw new AppError("validation_failed", CRM_MESSAGES.csvNotCsv);
  if (!parsed.rows.length) throw new AppError("validation_failed", CRM_MESSAGES.csvEmpty);
  if (parsed.rows.length > MAX_IMPORT_ROWS) throw new AppError("validation_failed", CRM_MESSAGES.csvTooManyRows);
  const mapped = Object.entries(body.mapping).filter(([column]) => parsed.header.includes(column));
  if (!mapped.some(([, field]) => field === "name"))
    throw new AppError("validation_failed", CRM_MESSAGES.csvNameColumn);
  const [row] = await tx
    .insert(crmImports)
    .values({
      agencyId: ctx.agencyId,
      userId: ctx.user.id,
      entity: "contact",
      fileName: body.fileName,
      totalRows: parsed.rows.length,
      columns: parsed.header,
    })
    .returning({ id: crmImports.id });
  await recordAudit(tx, ctx.actor, {
    action: "create",
    resourceType: "crm_imports",
    resourceId: row.id,
    details: { fileName: body.fileName, rows: parsed.rows.length },
  });
  return { importId: row.id, rows: parsed.rows, mapping: mapped };
}
