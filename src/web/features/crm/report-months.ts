import type { CrmReport } from "#domain/schemas/crm.ts";

const MONTHS = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];
/** "2026-05" → "mai/26". */
export const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]}/${month.slice(2, 4)}`;

/** Every month from `from` to `to` (yyyy-mm-dd), the months without new contacts as 0. */
export function everyMonth(from: string, to: string, months: CrmReport["newContactsByMonth"]) {
  const counts = new Map(months.map((m) => [m.month.slice(0, 7), m.count]));
  const out: CrmReport["newContactsByMonth"] = [];
  let [year, month] = from.split("-").map(Number);
  const last = to.slice(0, 7);
  for (let guard = 0; guard < 240; guard++) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    if (key > last) break;
    out.push({ month: key, count: counts.get(key) ?? 0 });
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return out;
}
