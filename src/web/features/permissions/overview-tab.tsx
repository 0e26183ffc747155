import { Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { Module } from "#domain/modules.ts";
import type { PermissionFlags } from "#domain/permissions.ts";
import type { ModuleEntry } from "./module-filters.ts";
import { ActionBadges, LevelBadge } from "./permission-badges.tsx";

/** Visão Geral: the modules the role can see, with what it may do in each. */
export function OverviewTab(props: { modules: ModuleEntry[]; flags: Map<Module, PermissionFlags> }) {
  const visible = props.modules.filter((entry) => props.flags.get(entry.name)?.canView);
  if (visible.length === 0) {
    return <Text c="dimmed">Esta função não tem acesso a nenhum módulo com estes filtros.</Text>;
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
      {visible.map((entry) => (
        <Card key={entry.name} withBorder padding="sm" data-module={entry.name}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {entry.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {entry.category} · {entry.description}
                </Text>
              </div>
              <LevelBadge flags={props.flags.get(entry.name)} />
            </Group>
            <ActionBadges flags={props.flags.get(entry.name)} />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
