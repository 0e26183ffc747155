import dayjs from "dayjs";
import "dayjs/locale/pt-br";

dayjs.locale("pt-br");

/** dd/MM/yyyy (spec §1). */
export function formatDate(value: string | Date | null | undefined): string {
  return value ? dayjs(value).format("DD/MM/YYYY") : "—";
}

/** dd/MM/yyyy 'às' HH:mm (spec §1). */
export function formatDateTime(value: string | Date | null | undefined): string {
  return value ? dayjs(value).format("DD/MM/YYYY [às] HH:mm") : "—";
}

/** Today's date in Portuguese, e.g. "domingo, 22 de novembro de 2026". */
export function formatLongDate(value: Date = new Date()): string {
  return dayjs(value).format("dddd, D [de] MMMM [de] YYYY");
}

export function formatMoney(value: number | string, currency = "BRL"): string {
  return new Intl.NumberFormat("pt-BR", { style: "currency", currency }).format(Number(value));
}
