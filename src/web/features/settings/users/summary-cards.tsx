import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from "@mantine/core";
import { IconMail, IconShieldCheck, IconUserHeart, IconUsers } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { AgencyUsersSummary } from "#domain/schemas/agency-users.ts";

function SummaryCard(props: {
  label: string;
  value: number | undefined;
  isError: boolean;
  icon: ReactNode;
  color: string;
  testId: string;
}) {
  return (
    <Card withBorder padding="md" data-testid={props.testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {props.label}
          </Text>
          {props.value === undefined && !props.isError ? (
            <Skeleton h={32} w={48} mt={4} />
          ) : (
            <Text fz={26} fw={700} data-testid={`${props.testId}-value`}>
              {props.value ?? "—"}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" color={props.color} size={38} radius="md">
          {props.icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** The four counters of Gestão de Usuários (spec §2.8): the invites card counts pending invites. */
export function SummaryCards({ summary, isError }: { summary: AgencyUsersSummary | undefined; isError: boolean }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      <SummaryCard
        testId="users-total"
        label="Total de Usuários"
        isError={isError}
        value={summary?.totalUsers}
        icon={<IconUsers size={20} />}
        color="blue"
      />
      <SummaryCard
        testId="users-managers"
        label="Gestores"
        isError={isError}
        value={summary?.managers}
        icon={<IconShieldCheck size={20} />}
        color="violet"
      />
      <SummaryCard
        testId="users-clients"
        label="Clientes"
        isError={isError}
        value={summary?.clients}
        icon={<IconUserHeart size={20} />}
        color="teal"
      />
      <SummaryCard
        testId="users-invites"
        label="Convites Pendentes"
        isError={isError}
        value={summary?.pendingInvites}
        icon={<IconMail size={20} />}
        color="orange"
      />
    </SimpleGrid>
  );
}
