import { sql } from "drizzle-orm";
import { toExcelCsv } from "#domain/crm/csv.ts";
import { centsToSpreadsheetNumber } from "#domain/money.ts";
import type { ReportQuery } from "#domain/schemas/time-entries.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import type { Caller } from "../projects/delivery-scope.ts";
import { selectEntries } from "./entry-rows.ts";

const HEADER = [
  "Pessoa",
  "Projeto",
  "Tarefa",
  "Descrição",
  "Início",
  "Fim",
  "Horas",
  "Faturável",
  "Valor/hora (R$)",
  "Aprovado",
  "Faturado",
];
const hours = (minutes: number) => (minutes / 60).toFixed(2).replace(".", ",");

/**
 * The period's entries as CSV the way Brazilian Excel reads it (semicolons, decimal comma, BOM),
 * formula cells neutralised by the CRM export's rule.
 */
export async function exportTimeCsv(tx: Queryable, caller: Caller, query: ReportQuery, now: Date): Promise<string> {
  const [agency] = await queryRows<{ timezone: string }>(
    tx,
    sql`SELECT timezone FROM agencies WHERE id = ${caller.agencyId}`,
  );
  const tz = agency?.timezone ?? "America/Sao_Paulo";
  const entries = await selectEntries(
    tx,
    caller.agencyId,
    sql`e.ended_at IS NOT NULL
      AND e.started_at >= (${query.from}::date::timestamp AT TIME ZONE ${tz})
      AND e.started_at < ((${query.to}::date + 1)::timestamp AT TIME ZONE ${tz})
      AND ${caller.scope === "all" ? sql`true` : sql`e.user_id = ${caller.user.id}`}`,
    sql`ORDER BY e.started_at, e.id LIMIT 50000`,
    now,
  );
  const when = new Intl.DateTimeFormat("pt-BR", { timeZone: tz, dateStyle: "short", timeStyle: "short" });
  return toExcelCsv(
    HEADER,
    entries.map((e) => [
      e.userName,
      e.projectName,
      e.taskTitle,
      e.description,
      when.format(new Date(e.startedAt)),
      e.endedAt ? when.format(new Date(e.endedAt)) : "",
      hours(e.minutes),
      e.billable ? "Sim" : "Não",
      centsToSpreadsheetNumber(e.rateCents),
      e.approvedAt ? "Sim" : "Não",
      e.invoiced ? "Sim" : "Não",
    ]),
  );
}
