import Papa from "papaparse";
import { sql } from "drizzle-orm";
import { centsToSpreadsheetNumber } from "#domain/money.ts";
import type { ReportQuery } from "#domain/schemas/time-entries.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import type { Caller } from "../projects/delivery-scope.ts";
import { selectEntries } from "./entry-rows.ts";

const hours = (minutes: number) => (minutes / 60).toFixed(2).replace(".", ",");

/** The period's entries as CSV the way Brazilian Excel reads it (semicolons, decimal comma, BOM). */
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
  const rows = entries.map((e) => ({
    Pessoa: e.userName,
    Projeto: e.projectName,
    Tarefa: e.taskTitle ?? "",
    Descrição: e.description ?? "",
    Início: when.format(new Date(e.startedAt)),
    Fim: e.endedAt ? when.format(new Date(e.endedAt)) : "",
    Horas: hours(e.minutes),
    Faturável: e.billable ? "Sim" : "Não",
    "Valor/hora (R$)": centsToSpreadsheetNumber(e.rateCents),
    Aprovado: e.approvedAt ? "Sim" : "Não",
    Faturado: e.invoiced ? "Sim" : "Não",
  }));
  return `\uFEFF${Papa.unparse(rows, { delimiter: ";" })}`;
}
