import { addMonths } from "#domain/calendar-date.ts";
import { agencyFacts, todayOf } from "../../finance/finance-actor.ts";
import { revenueCents } from "../../finance/finance-overview.ts";
import { defineCard } from "../dashboard-card.ts";

/** The same day of the previous month, or that month's last day when it is shorter. */
function sameDayLastMonth(date: string): string {
  const month = addMonths(date.slice(0, 7), -1);
  const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return `${month}-${String(Math.min(Number(date.slice(8, 10)), lastDay)).padStart(2, "0")}`;
}

/**
 * Faturamento: received this month so far (the figure Financeiro › Visão Geral shows for the
 * same period, by the same function), against the same days of the previous month.
 */
export const revenueCard = defineCard({
  key: "revenue",
  modules: ["financeiro_faturas"],
  load: async (tx, ctx) => {
    const agency = await agencyFacts(tx, ctx.agencyId);
    const to = todayOf(agency, ctx.now);
    const from = `${to.slice(0, 7)}-01`;
    const previousTo = sameDayLastMonth(to);
    const previousFrom = `${previousTo.slice(0, 7)}-01`;
    const current = await revenueCents(tx, ctx.agencyId, from, to);
    const previous = await revenueCents(tx, ctx.agencyId, previousFrom, previousTo);
    const changePercent = previous === 0 ? null : Math.round(((current - previous) / previous) * 1000) / 10;
    return { from, to, revenueCents: current, previousRevenueCents: previous, changePercent };
  },
});
