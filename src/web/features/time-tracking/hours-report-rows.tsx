import { Card, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import type { HoursReport, ReportQuery } from "#domain/schemas/time-entries.ts";
import { formatMoney } from "#web/lib/format.ts";
import { useIsPhone } from "../crm/record-cells.tsx";
import { LabelledFigure } from "../projects/labelled-figure.tsx";
import { formatMinutes } from "../projects/project-labels.ts";

type Row = HoursReport["rows"][number];
type GroupBy = ReportQuery["groupBy"];

export const REPORT_GROUP_LABELS: Record<GroupBy, string> = { project: "Projeto", client: "Cliente", person: "Pessoa" };

/** How much of the project's budget the hours used: of its hours and of its R$, where set. */
function budgetBurn(row: Row): string {
  const ofHours = row.budgetHours ? `${Math.round((row.minutes / 60 / row.budgetHours) * 100)}% das horas` : "—";
  const ofMoney = row.budgetCents ? ` · ${Math.round((row.amountCents / row.budgetCents) * 100)}% do R$` : "";
  return `${ofHours}${ofMoney}`;
}

/** The report's rows: a table, or on a phone one card per row so no column is cut off. */
export function HoursReportRows({ rows, groupBy }: { rows: Row[]; groupBy: GroupBy }) {
  return useIsPhone() ? <RowCards rows={rows} groupBy={groupBy} /> : <RowTable rows={rows} groupBy={groupBy} />;
}

function RowTable({ rows, groupBy }: { rows: Row[]; groupBy: GroupBy }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{REPORT_GROUP_LABELS[groupBy]}</Table.Th>
            <Table.Th>Horas</Table.Th>
            <Table.Th>Faturáveis</Table.Th>
            <Table.Th>Valor</Table.Th>
            {groupBy === "project" && <Table.Th>Orçamento consumido</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>{r.label}</Table.Td>
              <Table.Td>{formatMinutes(r.minutes)}</Table.Td>
              <Table.Td>{formatMinutes(r.billableMinutes)}</Table.Td>
              <Table.Td>{formatMoney(r.amountCents / 100)}</Table.Td>
              {groupBy === "project" && <Table.Td>{budgetBurn(r)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowCards({ rows, groupBy }: { rows: Row[]; groupBy: GroupBy }) {
  return (
    <Stack gap="sm" aria-label={`Horas por ${REPORT_GROUP_LABELS[groupBy].toLowerCase()}`} role="list">
      {rows.map((r) => (
        <Card key={r.key} withBorder role="listitem">
          <Text fw={600} mb="xs">
            {r.label}
          </Text>
          <SimpleGrid cols={2} spacing="sm">
            <LabelledFigure label="Horas">{formatMinutes(r.minutes)}</LabelledFigure>
            <LabelledFigure label="Faturáveis">{formatMinutes(r.billableMinutes)}</LabelledFigure>
            <LabelledFigure label="Valor">{formatMoney(r.amountCents / 100)}</LabelledFigure>
            {groupBy === "project" && <LabelledFigure label="Orçamento consumido">{budgetBurn(r)}</LabelledFigure>}
          </SimpleGrid>
        </Card>
      ))}
    </Stack>
  );
}
