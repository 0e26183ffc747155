import { Group, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

export function SectionHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
      <div>
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{description}</Text>
      </div>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
