import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Table } from "@mantine/core";
import { agencyCurrency, formatCents } from "#web/lib/agency-money.ts";
import type { FinanceOverview } from "#domain/schemas/finance.ts";

/** Axis steps short ("R$ 4,5 mil"): the full amount did not fit the axis and lost its sign. */
const compact = (currency: string) =>
  new Intl.NumberFormat("pt-BR", {
    style: "currency",
    currency,
    notation: "compact",
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  });
const MONTHS = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];
/** An amount never breaks between "R$" and its digits; the table scrolls sideways on a phone instead. */
const NO_WRAP = { whiteSpace: "nowrap" } as const;
const label = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]}/${month.slice(2, 4)}`;

/** Month by month, received against spent: the bars, and the figures as a table (readable without the chart). */
export function RevenueChart({ monthly }: { monthly: FinanceOverview["monthly"] }) {
  const axis = compact(agencyCurrency());
  const data = monthly.map((m) => ({
    mes: label(m.month),
    Receitas: m.revenueCents / 100,
    Despesas: m.expensesCents / 100,
  }));
  // With nothing received or spent the chart would only draw made-up axis steps (R$ 1,00…): the table says it.
  const hasMovement = monthly.some((m) => m.revenueCents !== 0 || m.expensesCents !== 0);
  return (
    <>
      {hasMovement && (
        <BarChart
          h={260}
          data={data}
          dataKey="mes"
          series={[
            { name: "Receitas", color: "green.6" },
            { name: "Despesas", color: "red.6" },
          ]}
          valueFormatter={(value) => formatCents(Math.round(value * 100))}
          yAxisProps={{ tickFormatter: (value: number) => axis.format(value), width: 72 }}
          withLegend
          aria-label="Gráfico de receitas e despesas por mês"
          mb="md"
        />
      )}
      <Table.ScrollContainer minWidth={420}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mês</Table.Th>
              <Table.Th ta="right">Receitas</Table.Th>
              <Table.Th ta="right">Despesas</Table.Th>
              <Table.Th ta="right">Resultado</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {monthly.map((m) => (
              <Table.Tr key={m.month}>
                <Table.Td>{label(m.month)}</Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>
                  {formatCents(m.revenueCents)}
                </Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>
                  {formatCents(m.expensesCents)}
                </Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>
                  {formatCents(m.revenueCents - m.expensesCents)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
