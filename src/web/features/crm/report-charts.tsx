import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import type { CrmReport } from "#domain/schemas/crm.ts";
import { monthLabel } from "./report-months.ts";

const reais = (value: number) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(value);
const count = (value: number) => value.toLocaleString("pt-BR");

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
  const rows = owners.filter((o) => o.openCents > 0).sort((a, b) => b.openCents - a.openCents);
  if (!rows.length) return null;
  return (
    <BarChart
      h={Math.max(160, rows.length * 44)}
      data={rows.map((o) => ({ responsavel: o.ownerName, "Valor em aberto": o.openCents / 100 }))}
      dataKey="responsavel"
      orientation="vertical"
      yAxisProps={{ width: 120 }}
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
      maxBarWidth={56}
      role="img"
      aria-label="Gráfico de novos contatos por mês"
      mb="md"
    />
  );
}
