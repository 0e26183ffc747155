import { PROJECT_STATUS_LABELS, type ProjectStatus } from "#domain/schemas/projects.ts";

export const STATUS_COLORS: Record<ProjectStatus, string> = {
  planejamento: "gray",
  em_andamento: "blue",
  pausado: "yellow",
  concluido: "green",
  cancelado: "red",
};
export const statusLabel = (status: ProjectStatus) => PROJECT_STATUS_LABELS[status];

/** Minutes as "12h 30min". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? (m ? `${h}h ${m}min` : `${h}h`) : `${m}min`;
}

export const percent = (part: number, whole: number) =>
  whole > 0 ? Math.min(100, Math.round((part / whole) * 100)) : 0;
