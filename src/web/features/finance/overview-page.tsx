import {
  Alert,
  Card,
  Center,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconArrowDownRight, IconArrowUpRight, IconRepeat, IconScale } from "@tabler/icons-react";
import { useState } from "react";
import { formatCents } from "#web/lib/agency-money.ts";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { SectionAccess } from "../sections/section-access.tsx";
import { SectionHeader } from "../sections/section-header.tsx";
import { todayIso } from "./dates.ts";
import { OVERVIEW_PERIODS, type OverviewPeriod, periodDates } from "./overview-periods.ts";
import { RevenueChart } from "./revenue-chart.tsx";
import { failureMessage, useOverview } from "./use-finance.ts";

/** Visão Geral: what came in, went out and remains, for the chosen period (issue 18 §7). */
export default function FinanceOverviewPage() {
  const screen = useCurrentScreen();
  const [period, setPeriod] = useState<OverviewPeriod>("mes_atual");
  const [{ from, to }, setDates] = useState(() => periodDates("mes_atual", todayIso()));
  const choosePeriod = (next: OverviewPeriod) => {
    setPeriod(next);
    if (next !== "personalizado") setDates(periodDates(next, todayIso()));
  };
  const typeDate = (dates: { from?: string; to?: string }) => {
    setPeriod("personalizado");
    setDates((current) => ({ ...current, ...dates }));
  };
  const overview = useOverview(from, to);
  const o = overview.data;
  const cards = o
    ? [
        { label: "Receitas", value: o.revenueCents, color: "green", icon: IconArrowUpRight },
        { label: "Despesas", value: o.expensesCents, color: "red", icon: IconArrowDownRight },
        { label: "Lucro Líquido", value: o.netProfitCents, color: "blue", icon: IconScale },
        { label: "MRR (retainers ativos)", value: o.mrrCents, color: "grape", icon: IconRepeat },
      ]
    : [];
  return (
    <SectionAccess screen={screen}>
      <SectionHeader
        title="Visão Geral"
        description="Receitas, despesas e lucro do período"
        actions={
          <>
            <Select
              aria-label="Período"
              data={Object.entries(OVERVIEW_PERIODS).map(([value, label]) => ({ value, label }))}
              value={period}
              onChange={(next) => next && choosePeriod(next as OverviewPeriod)}
              allowDeselect={false}
              w={180}
            />
            <TextInput
              type="date"
              aria-label="Início do período"
              value={from}
              onChange={(e) => typeDate({ from: e.currentTarget.value })}
              w={160}
            />
            <TextInput
              type="date"
              aria-label="Fim do período"
              value={to}
              onChange={(e) => typeDate({ to: e.currentTarget.value })}
              w={160}
            />
          </>
        }
      />
      {overview.isLoading && (
        <Center p="xl">
          <Loader size="sm" role="status" aria-label="Carregando visão geral" />
        </Center>
      )}
      {overview.isError && (
        <Alert color="red" role="alert">
          {failureMessage(overview.error, "Não foi possível carregar a visão geral. Tente novamente.")}
        </Alert>
      )}
      {o && (
        <>
          {/* Four across only from xl: beside the sidebar at 1280 px a card was too narrow for its amount and icon. */}
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }}>
            {cards.map(({ label, value, color, icon: Icon }) => (
              <Card key={label} withBorder padding="lg">
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text size="sm" c="dimmed">
                      {label}
                    </Text>
                    <Text fz={24} fw={700} data-testid={`overview-${label}`}>
                      {formatCents(value)}
                    </Text>
                  </div>
                  <ThemeIcon variant="light" color={color} size={40}>
                    <Icon size={22} />
                  </ThemeIcon>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} mt="md">
            <Card withBorder>
              <Title order={4} mb="sm">
                A receber por vencimento
              </Title>
              <Table>
                <Table.Tbody>
                  {[
                    ["A vencer", o.receivables.notDueCents],
                    ["Vencidas há 1–30 dias", o.receivables.overdue1to30Cents],
                    ["Vencidas há 31–60 dias", o.receivables.overdue31to60Cents],
                    ["Vencidas há mais de 60 dias", o.receivables.overdueOver60Cents],
                  ].map(([label, cents]) => (
                    <Table.Tr key={label}>
                      <Table.Td>{label}</Table.Td>
                      <Table.Td ta="right">{formatCents(cents as number)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
            <Card withBorder>
              <Title order={4} mb="sm">
                Maiores clientes no período
              </Title>
              {o.topClients.length === 0 ? (
                <Text c="dimmed">Nenhum recebimento no período.</Text>
              ) : (
                <Table>
                  <Table.Tbody>
                    {o.topClients.map((c) => (
                      <Table.Tr key={c.companyId}>
                        <Table.Td>{c.name}</Table.Td>
                        <Table.Td ta="right">{formatCents(c.revenueCents)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Card>
          </SimpleGrid>
          <Card withBorder mt="md">
            <Title order={4} mb="sm">
              Receitas x despesas por mês
            </Title>
            <RevenueChart monthly={o.monthly} />
          </Card>
        </>
      )}
    </SectionAccess>
  );
}
