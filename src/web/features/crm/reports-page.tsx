import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { toExcelCsv } from "#domain/crm/csv.ts";
import { formatCents } from "#domain/crm/money.ts";
import { SectionAccess } from "#web/features/sections/section-access.tsx";
import { SectionHeader } from "#web/features/sections/section-header.tsx";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { useReport } from "./use-crm.ts";

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function download(name: string, header: string[], rows: (string | number | null)[][]) {
  const url = URL.createObjectURL(new Blob([toExcelCsv(header, rows)], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `${name}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

function ReportTable({
  title,
  header,
  rows,
  file,
}: {
  title: string;
  header: string[];
  rows: (string | number | null)[][];
  file: string;
}) {
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{title}</Text>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconDownload size={14} />}
          onClick={() => download(file, header, rows)}
        >
          CSV
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={360}>
        <Table striped>
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
                  <Table.Td key={header[i]}>{cell ?? "—"}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

// @mantine/charts arrives with the Mantine 9 upgrade; the tables come first.
/** CRM reports in a period: conversion, win rate, averages, pipeline by stage and owner, new contacts. */
export default function ReportsPage() {
  const screen = useCurrentScreen();
  const today = new Date();
  const [from, setFrom] = useState(isoDay(new Date(today.getFullYear(), today.getMonth() - 5, 1)));
  const [to, setTo] = useState(isoDay(today));
  const report = useReport(from, to);
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
      {report.isPending ? (
        <Loader role="status" aria-label="Carregando relatórios" />
      ) : report.isError ? (
        <Alert color="red">{report.error.message}</Alert>
      ) : (
        <Stack>
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
                  report.data.averageCycleDays === null
                    ? "—"
                    : `${report.data.averageCycleDays.toLocaleString("pt-BR")} dias`,
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
              title="Funil por etapa"
              file="funil-por-etapa"
              header={["Etapa", "Em aberto", "Valor em aberto", "Chegaram (período)", "Conversão da etapa anterior"]}
              rows={report.data.stages.map((s) => [
                s.name,
                s.openCount,
                formatCents(s.openCents),
                s.reached,
                s.conversionPct === null ? null : `${s.conversionPct}%`,
              ])}
            />
            <ReportTable
              title="Funil por responsável"
              file="funil-por-responsavel"
              header={["Responsável", "Em aberto", "Valor em aberto"]}
              rows={report.data.owners.map((o) => [o.ownerName, o.openCount, formatCents(o.openCents)])}
            />
            <ReportTable
              title="Novos contatos por mês"
              file="novos-contatos-por-mes"
              header={["Mês", "Novos contatos"]}
              rows={report.data.newContactsByMonth.map((m) => [m.month.split("-").reverse().join("/"), m.count])}
            />
          </SimpleGrid>
        </Stack>
      )}
    </SectionAccess>
  );
}
