import { Box, Group, Table, Text } from "@mantine/core";
import { Fragment } from "react";
import { ACTION_FLAG, ACTION_LABELS, ACTIONS, type PermissionFlags } from "#domain/permissions.ts";
import { ROLE_LABELS, ROLES, type Role } from "#domain/roles.ts";
import type { PermissionRecord } from "#domain/schemas/permissions.ts";
import { type CategoryGroup, flagsOfRole } from "./module-filters.ts";

const LETTERS = { view: "V", create: "C", edit: "E", delete: "X" } as const;
const STICKY = { position: "sticky", left: 0, background: "var(--mantine-color-body)", zIndex: 1 } as const;

function cellLabel(flags: PermissionFlags | undefined): string {
  const allowed = ACTIONS.filter((action) => flags?.[ACTION_FLAG[action]]).map((action) => ACTION_LABELS[action]);
  return allowed.length > 0 ? allowed.join(", ") : "sem acesso";
}

function MatrixCell({ flags, label }: { flags: PermissionFlags | undefined; label: string }) {
  return (
    <Group gap={2} wrap="nowrap" justify="center" aria-label={`${label}: ${cellLabel(flags)}`} role="img">
      {ACTIONS.map((action) => {
        const isAllowed = Boolean(flags?.[ACTION_FLAG[action]]);
        return (
          <Box
            key={action}
            w={16}
            h={16}
            fz={10}
            fw={700}
            ta="center"
            lh="16px"
            bdrs={3}
            bg={isAllowed ? "var(--mantine-color-green-6)" : "var(--mantine-color-gray-1)"}
            c={isAllowed ? "white" : "var(--mantine-color-gray-4)"}
          >
            {LETTERS[action]}
          </Box>
        );
      })}
    </Group>
  );
}

/** Matriz de Permissões: every role (columns) × filtered module (rows) × action, read-only. */
export function MatrixTab(props: { groups: CategoryGroup[]; records: PermissionRecord[]; selectedRole: Role }) {
  if (props.groups.length === 0) return <Text c="dimmed">Nenhum módulo encontrado com estes filtros.</Text>;
  const byRole = new Map(ROLES.map((role) => [role, flagsOfRole(props.records, role)]));
  // The selected role comes first, so it is in view even on a phone; the others keep their order.
  const columns = [props.selectedRole, ...ROLES.filter((role) => role !== props.selectedRole)];
  const highlight = (role: Role) => (role === props.selectedRole ? "var(--mantine-color-blue-0)" : undefined);
  return (
    <>
      <Text size="xs" c="dimmed" mb="xs">
        Legenda: V = Ver · C = Criar · E = Editar · X = Excluir. A primeira coluna, destacada, é a função selecionada.
      </Text>
      <Table.ScrollContainer minWidth={ROLES.length * 96 + 220} type="native">
        <Table withColumnBorders withTableBorder verticalSpacing={6} horizontalSpacing={6} fz="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={STICKY} miw={150}>
                Módulo
              </Table.Th>
              {columns.map((role) => (
                <Table.Th key={role} ta="center" bg={highlight(role)} style={{ whiteSpace: "nowrap" }}>
                  {ROLE_LABELS[role]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.groups.map((group) => (
              <Fragment key={group.category}>
                <Table.Tr bg="var(--mantine-color-gray-0)">
                  <Table.Td style={{ ...STICKY, background: "var(--mantine-color-gray-0)" }} fw={600}>
                    {group.category}
                  </Table.Td>
                  <Table.Td colSpan={ROLES.length} />
                </Table.Tr>
                {group.modules.map((entry) => (
                  <Table.Tr key={entry.name}>
                    <Table.Td style={STICKY}>{entry.label}</Table.Td>
                    {columns.map((role) => (
                      <Table.Td key={role} bg={highlight(role)}>
                        <MatrixCell
                          flags={byRole.get(role)?.get(entry.name)}
                          label={`${ROLE_LABELS[role]} — ${entry.label}`}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
