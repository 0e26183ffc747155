import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { useMediaQuery } from "@mantine/hooks";
import type { CrmReport } from "#domain/schemas/crm.ts";
import { evenTicks } from "./chart-ticks.ts";
import { ownerBars } from "./owner-bars.ts";
import { monthLabel } from "./report-months.ts";

const reais = (value: number) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(value);
const compactReais = (value: number) =>
  new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", notation: "compact" }).format(value);
const count = (value: number) => value.toLocaleString("pt-BR");

/** A value axis (recharts props, passed through by Mantine) with whole, evenly spaced ticks, none dropped. */
function valueAxis(max: number, format: (value: number) => string, intervals?: number) {
  const ticks = evenTicks(max, intervals);
  return { ticks, domain: [0, ticks.at(-1) ?? 1], interval: 0, allowDecimals: false, tickFormatter: format } as const;
}

/** Per stage: the deals open in it now and those that reached it in the period. */
export function FunnelChart({ stages }: { stages: CrmReport["stages"] }) {
  if (!stages.some((s) => s.openCount || s.reached)) return null;
  return (
    <BarChart
      h={240}
      data={stages.map((s) => ({ etapa: s.name, "Em aberto": s.openCount, "Chegaram no período": s.reached }))}
      dataKey="etapa"
      series={[
        { name: "Em aberto", color: "blue.6" },
        { name: "Chegaram no período", color: "teal.6" },
      ]}
      valueFormatter={count}
      yAxisProps={valueAxis(Math.max(...stages.flatMap((s) => [s.openCount, s.reached])), count)}
      withLegend
      maxBarWidth={56}
      role="img"
      aria-label="Gráfico do funil por etapa"
      mb="md"
    />
  );
}

/** Open pipeline value per owner, largest first. */
export function OwnerValueChart({ owners }: { owners: CrmReport["owners"] }) {
  const rows = ownerBars(owners);
  // On a phone the money labels ("R$ 200 mil") need room: two steps instead of four.
  const isPhone = useMediaQuery("(max-width: 36em)");
  if (!rows.length) return null;
  return (
    <BarChart
      h={Math.max(160, rows.length * 44)}
      data={rows.map((o) => ({ responsavel: o.ownerName, "Valor em aberto": o.openCents / 100 }))}
      dataKey="responsavel"
      orientation="vertical"
      yAxisProps={{ width: 120 }}
      // Room for the last tick's label, centred on the axis' end.
      barChartProps={{ margin: { right: 28 } }}
      xAxisProps={valueAxis(Math.max(...rows.map((o) => o.openCents / 100)), compactReais, isPhone ? 2 : 4)}
      series={[{ name: "Valor em aberto", color: "violet.6" }]}
      valueFormatter={reais}
      maxBarWidth={56}
      role="img"
      aria-label="Gráfico do valor em aberto por responsável"
      mb="md"
    />
  );
}

/** New contacts per month of the period. */
export function NewContactsChart({ months }: { months: CrmReport["newContactsByMonth"] }) {
  if (!months.some((m) => m.count)) return null;
  return (
    <BarChart
      h={220}
      data={months.map((m) => ({ mes: monthLabel(m.month), "Novos contatos": m.count }))}
      dataKey="mes"
      series={[{ name: "Novos contatos", color: "indigo.6" }]}
      valueFormatter={count}
      yAxisProps={valueAxis(Math.max(...months.map((m) => m.count)), count)}
      maxBarWidth={56}
      role="img"
      aria-label="Gráfico de novos contatos por mês"
      mb="md"
    />
  );
}
