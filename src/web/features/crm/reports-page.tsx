import { Alert, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { toExcelCsv } from "#domain/crm/csv.ts";
import { formatCents } from "#domain/crm/money.ts";
import { centsToSpreadsheetNumber } from "#domain/money.ts";
import { SectionAccess } from "#web/features/sections/section-access.tsx";
import { SectionHeader } from "#web/features/sections/section-header.tsx";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { FunnelChart, NewContactsChart, OwnerValueChart } from "./report-charts.tsx";
import { everyMonth, monthLabel } from "./report-months.ts";
import { useReport } from "./use-crm.ts";
import { countLabel } from "#domain/count-label.ts";

/** What each part of the report counts, as the board counts it (decision 014, amendment). */
const REPORT_DESCRIPTIONS = {
  closed: "Taxa de ganho, ganhas / perdidas, ticket médio e ciclo médio: oportunidades fechadas no período.",
  stages:
    "Em aberto e valor em aberto: oportunidades abertas hoje em cada etapa, como no quadro (ganhas e perdidas saem do funil). Chegaram (período): oportunidades criadas no período que estão nesta etapa ou numa posterior, qualquer que seja o desfecho.",
  owners: "Oportunidades abertas hoje de cada responsável, em todos os funis.",
  newContacts: "Contatos criados em cada mês do período.",
} as const;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function download(name: string, header: string[], rows: (string | number | null)[][]) {
  const url = URL.createObjectURL(new Blob([toExcelCsv(header, rows)], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `${name}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

type Cells = (string | number | null)[][];

/** A percentage as a number Excel reads ("12,5", the header says "(%)"). */
const percentCell = (pct: number | null) => (pct === null ? null : String(pct).replace(".", ","));

function ReportTable({
  title,
  description,
  header,
  rows,
  csv,
  file,
  chart,
}: {
  title: string;
  /** What the figures count, in a line under the title. */
  description: string;
  header: string[];
  rows: Cells;
  /** The same rows for the CSV: money and percentages as numbers a spreadsheet sums (as the CRM exports). */
  csv: { header: string[]; rows: Cells };
  file: string;
  /** Drawn above the table; the table stays, readable without the chart. */
  chart?: ReactNode;
}) {
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{title}</Text>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconDownload size={14} />}
          onClick={() => download(file, csv.header, csv.rows)}
          disabled={!rows.length}
        >
          CSV
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mb="sm">
        {description}
      </Text>
      {chart}
      {!rows.length && (
        <Text size="sm" c="dimmed">
          Nada no período.
        </Text>
      )}
      {/* Fits a phone when it can (no minimum width, figures never wrap); a wider table scrolls with a
          visible bar, and takes focus so the keyboard can scroll it too. */}
      <Table.ScrollContainer minWidth={0} type="native" tabIndex={0} role="region" aria-label={`Tabela: ${title}`}>
        <Table striped fz="sm" horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {header.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={String(row[0])}>
                {row.map((cell, i) => (
                  <Table.Td key={header[i]} style={i > 0 ? { whiteSpace: "nowrap" } : undefined}>
                    {cell ?? "—"}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** CRM reports in a period: conversion, win rate, averages, pipeline by stage and owner, new contacts. */
export default function ReportsPage() {
  const screen = useCurrentScreen();
  const today = new Date();
  const [from, setFrom] = useState(isoDay(new Date(today.getFullYear(), today.getMonth() - 5, 1)));
  const [to, setTo] = useState(isoDay(today));
  const report = useReport(from, to);
  const months = report.data ? everyMonth(from, to, report.data.newContactsByMonth) : [];
  return (
    <SectionAccess screen={screen}>
      <SectionHeader
        title="Relatórios"
        description="Indicadores comerciais e de conversão"
        actions={
          <>
            <TextInput type="date" label="De" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
            <TextInput type="date" label="Até" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          </>
        }
      />
      {from > to ? (
        <Alert color="yellow">A data inicial precisa ser anterior à final.</Alert>
      ) : report.isPending ? (
        <Center p="xl" role="status" aria-label="Carregando relatórios">
          <Loader />
        </Center>
      ) : report.isError ? (
        <Alert color="red">{report.error.message}</Alert>
      ) : (
        <Stack>
          <Text size="xs" c="dimmed">
            {REPORT_DESCRIPTIONS.closed}
          </Text>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            {[
              {
                label: "Taxa de ganho",
                value: report.data.winRatePct === null ? "—" : `${report.data.winRatePct.toLocaleString("pt-BR")}%`,
              },
              { label: "Ganhas / perdidas", value: `${report.data.won} / ${report.data.lost}` },
              {
                label: "Ticket médio",
                value: report.data.averageWonCents === null ? "—" : formatCents(report.data.averageWonCents),
              },
              {
                label: "Ciclo médio",
                value:
                  report.data.averageCycleDays === null ? "—" : countLabel(report.data.averageCycleDays, "dia", "dias"),
              },
            ].map((card) => (
              <Card key={card.label} withBorder padding="md">
                <Text size="sm" c="dimmed">
                  {card.label}
                </Text>
                <Text size="xl" fw={700}>
                  {card.value}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <ReportTable
              title={report.data.pipelineName ? `Funil por etapa — ${report.data.pipelineName}` : "Funil por etapa"}
              description={REPORT_DESCRIPTIONS.stages}
              file="funil-por-etapa"
              chart={<FunnelChart stages={report.data.stages} />}
              header={["Etapa", "Em aberto", "Valor em aberto", "Chegaram (período)", "Conversão da etapa anterior"]}
              rows={report.data.stages.map((s) => [
                s.name,
                s.openCount,
                formatCents(s.openCents),
                s.reached,
                s.conversionPct === null ? null : `${s.conversionPct.toLocaleString("pt-BR")}%`,
              ])}
              csv={{
                header: [
                  "Etapa",
                  "Em aberto",
                  "Valor em aberto (R$)",
                  "Chegaram (período)",
                  "Conversão da etapa anterior (%)",
                ],
                rows: report.data.stages.map((s) => [
                  s.name,
                  s.openCount,
                  centsToSpreadsheetNumber(s.openCents),
                  s.reached,
                  percentCell(s.conversionPct),
                ]),
              }}
            />
            <ReportTable
              title="Funil por responsável"
              description={REPORT_DESCRIPTIONS.owners}
              file="funil-por-responsavel"
              chart={<OwnerValueChart owners={report.data.owners} />}
              header={["Responsável", "Em aberto", "Valor em aberto"]}
              rows={report.data.owners.map((o) => [o.ownerName, o.openCount, formatCents(o.openCents)])}
              csv={{
                header: ["Responsável", "Em aberto", "Valor em aberto (R$)"],
                rows: report.data.owners.map((o) => [o.ownerName, o.openCount, centsToSpreadsheetNumber(o.openCents)]),
              }}
            />
            <ReportTable
              title="Novos contatos por mês"
              description={REPORT_DESCRIPTIONS.newContacts}
              file="novos-contatos-por-mes"
              chart={<NewContactsChart months={months} />}
              header={["Mês", "Novos contatos"]}
              rows={months.map((m) => [monthLabel(m.month), m.count])}
              csv={{ header: ["Mês", "Novos contatos"], rows: months.map((m) => [monthLabel(m.month), m.count]) }}
            />
          </SimpleGrid>
        </Stack>
      )}
    </SectionAccess>
  );
}
