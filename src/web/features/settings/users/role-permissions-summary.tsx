import { Alert, Anchor, Badge, Card, Center, Divider, Group, Loader, Stack, Text } from "@mantine/core";
import { Fragment } from "react";
import { Link } from "react-router";
import { type PermissionLevel, permissionLevel } from "#domain/permissions.ts";
import { ASSIGNABLE_ROLES, ROLE_LABELS } from "#domain/roles.ts";
import type { RolePermissionSummary } from "#domain/schemas/agency-users.ts";
import { useRolePermissions } from "./use-agency-users.ts";

const LEVELS: { level: Exclude<PermissionLevel, "none">; label: string; color: string }[] = [
  { level: "full", label: "Completo", color: "green" },
  { level: "limited", label: "Limitado", color: "yellow" },
  { level: "read-only", label: "Leitura", color: "blue" },
];

function countLevels(rows: RolePermissionSummary[]) {
  const counts: Record<PermissionLevel, number> = { full: 0, limited: 0, "read-only": 0, none: 0 };
  for (const row of rows) counts[permissionLevel(row)]++;
  return counts;
}

/** Read-only summary of what each role may do: how many modules at each permission level (spec §2.8 Permissões). */
export function RolePermissionsSummary() {
  const permissions = useRolePermissions(true);
  if (permissions.isPending) {
    return (
      <Center p="xl" role="status" aria-label="Carregando permissões">
        <Loader size="sm" />
      </Center>
    );
  }
  if (permissions.isError) return <Alert color="red">{permissions.error.message}</Alert>;
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" wrap="wrap" mb="xs">
        <Text size="sm" c="dimmed">
          Módulos liberados para cada função (somente leitura).
        </Text>
        <Anchor component={Link} to="/app/portal-cliente/permissoes" size="sm">
          Ver permissões detalhadas
        </Anchor>
      </Group>
      <Stack gap={0}>
        {ASSIGNABLE_ROLES.map((role, index) => {
          const counts = countLevels(permissions.data.filter((row) => row.role === role));
          return (
            <Fragment key={role}>
              {index > 0 && <Divider />}
              <Group justify="space-between" wrap="wrap" gap="xs" py="xs" data-testid="role-permission-row">
                <Text size="sm" fw={500}>
                  {ROLE_LABELS[role]}
                </Text>
                <Group gap={6} wrap="wrap">
                  {LEVELS.filter(({ level }) => counts[level] > 0).map(({ level, label, color }) => (
                    <Badge key={level} variant="light" color={color} tt="none">
                      {counts[level]} {label}
                    </Badge>
                  ))}
                </Group>
              </Group>
            </Fragment>
          );
        })}
      </Stack>
    </Card>
  );
}
