import { addDays, addMonths } from "#domain/calendar-date.ts";

/** The ready-made periods of Visão Geral; "personalizado" is whatever the two dates say. */
export const OVERVIEW_PERIODS = {
  mes_atual: "Este mês",
  mes_anterior: "Mês anterior",
  tres_meses: "Últimos 3 meses",
  doze_meses: "Últimos 12 meses",
  ano_atual: "Este ano",
  personalizado: "Personalizado",
} as const;
export type OverviewPeriod = keyof typeof OVERVIEW_PERIODS;

/** The dates of a ready-made period on `today` (YYYY-MM-DD); months are whole from their first day. */
export function periodDates(period: Exclude<OverviewPeriod, "personalizado">, today: string) {
  const month = today.slice(0, 7);
  switch (period) {
    case "mes_atual":
      return { from: `${month}-01`, to: today };
    case "mes_anterior":
      return { from: `${addMonths(month, -1)}-01`, to: addDays(`${month}-01`, -1) };
    case "tres_meses":
      return { from: `${addMonths(month, -2)}-01`, to: today };
    case "doze_meses":
      return { from: `${addMonths(month, -11)}-01`, to: today };
    case "ano_atual":
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}
