import { Card, Group, SimpleGrid, Text, ThemeIcon } from "@mantine/core";
import { IconArrowDownRight, IconArrowUpRight, IconScale } from "@tabler/icons-react";
import { formatMoney } from "#web/lib/format.ts";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { FINANCE_SUMMARY } from "./sample-data.ts";
import { SectionAccess } from "./section-access.tsx";
import { SectionHeader } from "./section-header.tsx";

/** Spec §2.10: static Receitas, Despesas and Lucro Líquido cards. */
export default function FinanceOverviewPage() {
  const screen = useCurrentScreen();
  const { revenue, expenses } = FINANCE_SUMMARY;
  const cards = [
    { label: "Receitas", value: revenue, color: "green", icon: IconArrowUpRight },
    { label: "Despesas", value: expenses, color: "red", icon: IconArrowDownRight },
    { label: "Lucro Líquido", value: revenue - expenses, color: "blue", icon: IconScale },
  ];
  return (
    <SectionAccess screen={screen}>
      <SectionHeader title="Visão Geral" description="Receitas, despesas e lucro do período" />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {cards.map(({ label, value, color, icon: Icon }) => (
          <Card key={label} withBorder padding="lg">
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text size="sm" c="dimmed">
                  {label}
                </Text>
                <Text fz={26} fw={700}>
                  {formatMoney(value)}
                </Text>
              </div>
              <ThemeIcon variant="light" color={color} size={40}>
                <Icon size={22} />
              </ThemeIcon>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </SectionAccess>
  );
}
