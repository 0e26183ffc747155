import { Table } from "@mantine/core";
import { formatCents } from "#domain/money.ts";
import type { FinanceOverview } from "#domain/schemas/finance.ts";

const MONTHS = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];
const label = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]}/${month.slice(2, 4)}`;

/** Month by month, received against spent. */
export function RevenueChart({ monthly }: { monthly: FinanceOverview["monthly"] }) {
  return (
    <Table.ScrollContainer minWidth={360}>
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
              <Table.Td ta="right">{formatCents(m.revenueCents)}</Table.Td>
              <Table.Td ta="right">{formatCents(m.expensesCents)}</Table.Td>
              <Table.Td ta="right">{formatCents(m.revenueCents - m.expensesCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
