import { dateInZone, formatDateBr } from "./calendar-date.ts";
import { countLabel } from "./count-label.ts";
import { divideRounded } from "./money.ts";

/** An approved, billable, finished time entry as an invoice takes it. */
export type BillableEntry = {
  taskId: string | null;
  taskTitle: string | null;
  startedAt: string;
  seconds: number;
  rateCents: number;
};

export type TimeInvoiceLine = {
  service: string;
  description: string;
  /** Hours with two decimals (the invoice's quantity). */
  quantity: number;
  unitPriceCents: number;
};

export const UNTASKED_SERVICE = "Horas do projeto";

const groupKey = (entry: BillableEntry) => `${entry.taskId ?? ""}|${entry.rateCents}`;

/** Seconds to hours in hundredths, rounded half up: 1 h 30 min = 150 (1,50 h). */
export const secondsToHourHundredths = (seconds: number) => divideRounded(seconds, 36);

function lineDescription(entries: BillableEntry[], timeZone: string): string {
  const days = entries.map((entry) => dateInZone(new Date(entry.startedAt), timeZone)).sort();
  const count = countLabel(entries.length, "lançamento", "lançamentos");
  const first = formatDateBr(days[0]);
  const last = formatDateBr(days[days.length - 1]);
  return first === last ? `${count} em ${first}` : `${count} de ${first} a ${last}`;
}

/**
 * The invoice lines of a project's hours: one per task and hourly rate (a rate change inside a
 * task makes two lines, so each line is hours × the rate that was in force), ordered as the
 * work happened. A group whose hours round to zero makes no line; its entries are still taken.
 */
export function timeInvoiceLines(entries: readonly BillableEntry[], timeZone: string): TimeInvoiceLine[] {
  const groups = new Map<string, BillableEntry[]>();
  const ordered = [...entries].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  for (const entry of ordered) groups.set(groupKey(entry), [...(groups.get(groupKey(entry)) ?? []), entry]);
  return [...groups.values()].flatMap((group) => {
    const hundredths = secondsToHourHundredths(group.reduce((sum, entry) => sum + entry.seconds, 0));
    if (hundredths === 0) return [];
    return [
      {
        service: group[0].taskTitle ?? UNTASKED_SERVICE,
        description: lineDescription(group, timeZone),
        quantity: hundredths / 100,
        unitPriceCents: group[0].rateCents,
      },
    ];
  });
}
