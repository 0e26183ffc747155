import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import type { HoursReport } from "#domain/schemas/time-entries.ts";

const TOP = 12;
/** Room for a name wrapped on two lines beside its bar. */
const ROW_HEIGHT = 48;
const hours = (minutes: number) => Math.round((minutes / 60) * 10) / 10;

/**
 * Hours per project, client or person, billable beside the rest; the table below carries every
 * figure (the chart shows the top twelve, so long names stay legible).
 */
export function HoursChart({ rows }: { rows: HoursReport["rows"] }) {
  const data = [...rows]
    .sort((a, b) => b.minutes - a.minutes)
    .slice(0, TOP)
    .map((r) => ({
      nome: r.label.length > 28 ? `${r.label.slice(0, 27)}…` : r.label,
      Faturáveis: hours(r.billableMinutes),
      "Não faturáveis": hours(r.minutes - r.billableMinutes),
    }));
  return (
    <BarChart
      h={Math.max(160, data.length * ROW_HEIGHT)}
      data={data}
      dataKey="nome"
      type="stacked"
      orientation="vertical"
      // Recharts drops category ticks it thinks would overlap; every bar names its group.
      yAxisProps={{ width: 160, interval: 0 }}
      series={[
        { name: "Faturáveis", color: "blue.6" },
        { name: "Não faturáveis", color: "gray.5" },
      ]}
      valueFormatter={(value) => `${value.toLocaleString("pt-BR")} h`}
      withLegend
      aria-label="Horas por grupo, faturáveis e não faturáveis"
    />
  );
}
