import { Card, Checkbox, Group, Select, Stack, Table, Text } from "@mantine/core";
import { Fragment } from "react";
import { ACTION_FLAG, ACTION_LABELS, ACTIONS, type Action, type PermissionFlags } from "#domain/permissions.ts";
import { RECORD_SCOPE_LABELS } from "#domain/schemas/permissions.ts";
import type { CategoryGroup, ModuleEntry } from "#web/features/permissions/module-filters.ts";
import { LevelBadge } from "#web/features/permissions/permission-badges.tsx";

const SCOPE_OPTIONS = (["all", "own"] as const).map((value) => ({ value, label: RECORD_SCOPE_LABELS[value] }));

/** What one module's row (desktop) or card (phone) shows and changes, for the role chosen. */
export type ModuleState = {
  flags: PermissionFlags;
  scope: "all" | "own" | null;
  isLocked: boolean;
  onToggle: (action: Action, enabled: boolean) => void;
  onScope: (scope: "all" | "own") => void;
};

type Props = { groups: CategoryGroup[]; stateOf: (entry: ModuleEntry) => ModuleState };

function ActionCheckbox(props: { entry: ModuleEntry; action: Action; state: ModuleState; withLabel?: boolean }) {
  const { entry, action, state } = props;
  return (
    <Checkbox
      mx={props.withLabel ? undefined : "auto"}
      w="fit-content"
      label={props.withLabel ? ACTION_LABELS[action] : undefined}
      aria-label={`${ACTION_LABELS[action]} ${entry.label}`}
      checked={state.flags[ACTION_FLAG[action]]}
      disabled={state.isLocked}
      onChange={(event) => state.onToggle(action, event.currentTarget.checked)}
    />
  );
}

function ScopeSelect({ entry, state, width }: { entry: ModuleEntry; state: ModuleState; width: number | string }) {
  return (
    <Select
      size="xs"
      aria-label={`Registros ${entry.label}`}
      data={SCOPE_OPTIONS}
      value={state.scope}
      disabled={state.isLocked}
      allowDeselect={false}
      w={width}
      onChange={(value) => value && state.onScope(value as "all" | "own")}
    />
  );
}

function ModuleName({ entry }: { entry: ModuleEntry }) {
  return (
    <>
      <Text size="sm" fw={500}>
        {entry.label}
      </Text>
      <Text size="xs" c="dimmed">
        {entry.name} · {entry.description}
      </Text>
    </>
  );
}

/** Wider screens: one row per module, a column per action. */
export function RolePermissionGrid({ groups, stateOf }: Props) {
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Módulo</Table.Th>
            <Table.Th>Nível</Table.Th>
            {ACTIONS.map((action) => (
              <Table.Th key={action} ta="center" w={80}>
                {ACTION_LABELS[action]}
              </Table.Th>
            ))}
            <Table.Th>Registros</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Fragment key={group.category}>
              <Table.Tr bg="var(--mantine-color-gray-0)">
                <Table.Td colSpan={3 + ACTIONS.length}>
                  <Text fw={600} size="sm">
                    {group.category}
                  </Text>
                </Table.Td>
              </Table.Tr>
              {group.modules.map((entry) => {
                const state = stateOf(entry);
                return (
                  <Table.Tr key={entry.name}>
                    <Table.Td>
                      <ModuleName entry={entry} />
                    </Table.Td>
                    <Table.Td>
                      <LevelBadge flags={state.flags} />
                    </Table.Td>
                    {ACTIONS.map((action) => (
                      <Table.Td key={action}>
                        <ActionCheckbox entry={entry} action={action} state={state} />
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <ScopeSelect entry={entry} state={state} width={230} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A phone: one card per module, its four switches and its record scope on screen, nothing to scroll sideways. */
export function RolePermissionCards({ groups, stateOf }: Props) {
  return (
    <Stack gap="md">
      {groups.map((group) => (
        <Stack key={group.category} gap="xs" role="group" aria-label={group.category}>
          <Text fw={600} size="sm">
            {group.category}
          </Text>
          {group.modules.map((entry) => {
            const state = stateOf(entry);
            return (
              <Card key={entry.name} withBorder radius="md" padding="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <ModuleName entry={entry} />
                  </div>
                  <LevelBadge flags={state.flags} />
                </Group>
                <Group gap="md" mt="xs">
                  {ACTIONS.map((action) => (
                    <ActionCheckbox key={action} entry={entry} action={action} state={state} withLabel />
                  ))}
                </Group>
                <Stack mt="xs">
                  <ScopeSelect entry={entry} state={state} width="100%" />
                </Stack>
              </Card>
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}
