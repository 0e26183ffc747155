import { Card, Group, Progress, SimpleGrid, Text, ThemeIcon } from "@mantine/core";
import { IconChartBar, IconCurrencyReal, IconFolders, IconUsers } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { countLabel } from "#domain/count-label.ts";
import type { DashboardStats } from "#domain/schemas/dashboard.ts";
import { formatCents } from "#domain/money.ts";
import { formatCents as formatAgencyCents } from "#web/lib/agency-money.ts";
import { formatMoney } from "#web/lib/format.ts";

function StatCard({
  label,
  value,
  icon,
  color,
  footer,
  testId,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  color: string;
  footer: ReactNode;
  testId: string;
}) {
  return (
    // The card is the value's size container: the value shrinks with the card's width (down from 28
    // px), so an amount stays on one line in a four-column row, and breaks between words before
    // breaking inside one.
    <Card withBorder padding="lg" data-testid={testId} style={{ containerType: "inline-size" }}>
      {/* The icon shares the label's row, so a long value (R$ 1.234.567,00) keeps the card's full width. */}
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} size={36} radius="md" style={{ flexShrink: 0 }}>
          {icon}
        </ThemeIcon>
      </Group>
      <Text
        fz="min(28px, 11cqi)"
        fw={700}
        lh={1.2}
        data-testid={`${testId}-value`}
        style={{ overflowWrap: "break-word" }}
      >
        {value}
      </Text>
      {footer}
    </Card>
  );
}

const percent = (part: number, total: number) => (total === 0 ? 0 : Math.round((part / total) * 100));

/** Only the cards the caller may see come from the server; the grid shows those. */
export function StatCards({ stats }: { stats: DashboardStats }) {
  const { customers, projects, leads, billing, revenue, sales } = stats;
  if (!customers && !projects && !leads && !billing && !revenue && !sales) return null;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
      {customers && (
        <StatCard
          testId="stat-customers"
          label="Clientes Ativos"
          value={`${customers.active} de ${customers.total}`}
          icon={<IconUsers size={22} />}
          color="blue"
          footer={
            <Progress
              mt="md"
              value={percent(customers.active, customers.total)}
              aria-label={`${percent(customers.active, customers.total)}% dos clientes ativos`}
            />
          }
        />
      )}
      {projects && (
        <StatCard
          testId="stat-projects"
          label="Projetos em Andamento"
          value={String(projects.inProgress)}
          icon={<IconFolders size={22} />}
          color="violet"
          footer={
            <Text size="xs" c="dimmed" mt="md">
              {countLabel(projects.total, "projeto no total", "projetos no total")}
            </Text>
          }
        />
      )}
      {leads && (
        <StatCard
          testId="stat-leads"
          label="Leads Qualificados"
          value={`${leads.qualified} de ${leads.total}`}
          icon={<IconChartBar size={22} />}
          color="orange"
          footer={
            <Text size="xs" c="dimmed" mt="md">
              Pontuação acima de 50
            </Text>
          }
        />
      )}
      {revenue && (
        <StatCard
          testId="stat-revenue"
          label="Faturamento"
          value={formatAgencyCents(revenue.revenueCents)}
          icon={<IconCurrencyReal size={22} />}
          color="green"
          footer={
            <Text size="xs" c="dimmed" mt="md">
              {revenue.changePercent === null
                ? "Recebido neste mês (sem recebimentos no mesmo período do mês anterior)"
                : `${revenue.changePercent > 0 ? "+" : ""}${revenue.changePercent.toLocaleString("pt-BR")}% vs mesmo período do mês anterior`}
            </Text>
          }
        />
      )}
      {billing && (
        <StatCard
          testId="stat-billing"
          label="Orçamento dos Projetos"
          value={formatMoney(billing.totalBudget)}
          icon={<IconFolders size={22} />}
          color="teal"
          footer={
            <Text size="xs" c="dimmed" mt="md">
              Soma dos orçamentos dos projetos
            </Text>
          }
        />
      )}
      {sales && (
        <StatCard
          testId="stat-sales"
          label="Vendas do Mês"
          value={formatCents(sales.wonThisMonthCents)}
          icon={<IconCurrencyReal size={22} />}
          color="teal"
          footer={
            <Text size="xs" c="dimmed" mt="md">
              {countLabel(sales.wonThisMonth, "ganha", "ganhas")} · {formatCents(sales.openCents)} em aberto
            </Text>
          }
        />
      )}
    </SimpleGrid>
  );
}
