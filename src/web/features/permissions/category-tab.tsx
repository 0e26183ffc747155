import { Card, Divider, Group, SimpleGrid, Stack, Switch, Text, Title } from "@mantine/core";
import { Fragment } from "react";
import type { Module } from "#domain/modules.ts";
import { ACTION_FLAG, ACTION_LABELS, ACTIONS, type PermissionFlags } from "#domain/permissions.ts";
import type { CategoryGroup } from "./module-filters.ts";
import { LevelBadge } from "./permission-badges.tsx";

/** Detalhada por Categoria: read-only switches per module, one card per category. */
export function CategoryTab(props: { groups: CategoryGroup[]; flags: Map<Module, PermissionFlags> }) {
  if (props.groups.length === 0) return <Text c="dimmed">Nenhum módulo encontrado com estes filtros.</Text>;
  return (
    <Stack>
      {props.groups.map((group) => (
        <Card key={group.category} withBorder padding="md">
          <Title order={5} mb="xs">
            {group.category}
          </Title>
          {group.modules.map((entry, index) => {
            const flags = props.flags.get(entry.name);
            return (
              <Fragment key={entry.name}>
                {index > 0 && <Divider my="xs" />}
                <Group justify="space-between" align="center" gap="sm">
                  <div style={{ minWidth: 200, flex: 1 }}>
                    <Group gap="xs">
                      <Text fw={500} size="sm">
                        {entry.label}
                      </Text>
                      <LevelBadge flags={flags} />
                    </Group>
                    <Text size="xs" c="dimmed">
                      {entry.description}
                    </Text>
                  </div>
                  <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="md" verticalSpacing={6}>
                    {ACTIONS.map((action) => (
                      <Switch
                        key={action}
                        size="sm"
                        label={ACTION_LABELS[action]}
                        aria-label={`${ACTION_LABELS[action]} ${entry.label}`}
                        checked={Boolean(flags?.[ACTION_FLAG[action]])}
                        readOnly
                        aria-readonly
                        styles={{ track: { cursor: "default" }, label: { cursor: "default" } }}
                      />
                    ))}
                  </SimpleGrid>
                </Group>
              </Fragment>
            );
          })}
        </Card>
      ))}
    </Stack>
  );
}
