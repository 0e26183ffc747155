import { addMonths, monthOf } from "./calendar-date.ts";

export type ExpenseRecurrence = "nenhuma" | "mensal" | "anual";

export type ExpenseOccurrence = { periodKey: string; spentOn: string };

const lastDayOf = (month: string) => {
  const [year, m] = month.split("-").map(Number);
  return new Date(Date.UTC(year, m, 0)).getUTCDate();
};

/** The same day of the month as the original, or the month's last day when it has fewer (31 → 30, 28). */
function dayIn(month: string, day: number): string {
  return `${month}-${String(Math.min(day, lastDayOf(month))).padStart(2, "0")}`;
}

/**
 * The repetitions of a recurring expense that are due by `today` (the original's own period is
 * the original itself): monthly from the month after it, yearly from the year after it, each on
 * the original's day. Keys: "2026-03" for a month, "2027" for a year.
 */
export function dueOccurrences(
  expense: { spentOn: string; recurrence: ExpenseRecurrence },
  today: string,
): ExpenseOccurrence[] {
  if (expense.recurrence === "nenhuma") return [];
  const day = Number(expense.spentOn.slice(8, 10));
  const step = expense.recurrence === "anual" ? 12 : 1;
  const occurrences: ExpenseOccurrence[] = [];
  for (let month = addMonths(monthOf(expense.spentOn), step); ; month = addMonths(month, step)) {
    const spentOn = dayIn(month, day);
    if (spentOn > today) break;
    occurrences.push({ periodKey: expense.recurrence === "anual" ? month.slice(0, 4) : month, spentOn });
  }
  return occurrences;
}
