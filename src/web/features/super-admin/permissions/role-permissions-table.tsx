import { Alert, Card, Checkbox, Group, Loader, Select, Table, Text, TextInput } from "@mantine/core";
import { IconInfoCircle, IconSearch } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, useEffect, useRef, useState } from "react";
import type { Module, ModuleCategory } from "#domain/modules.ts";
import {
  ACTION_FLAG,
  ACTION_LABELS,
  ACTIONS,
  type Action,
  NO_PERMISSION,
  withToggledAction,
} from "#domain/permissions.ts";
import type { Role } from "#domain/roles.ts";
import {
  PERMISSION_MESSAGES,
  type PermissionRecord,
  RECORD_SCOPE_LABELS,
  type RecordScopeRow,
  type PermissionRow,
  toFlags,
  toRecord,
} from "#domain/schemas/permissions.ts";
import { filterModules, flagsOfRole, groupByCategory } from "#web/features/permissions/module-filters.ts";
import { LevelBadge } from "#web/features/permissions/permission-badges.tsx";
import { CATEGORY_OPTIONS, fromCategoryValue, toCategoryValue } from "#web/features/permissions/permission-filters.tsx";
import { ApiError, api } from "#web/lib/api.ts";
import { MATRIX_KEY, PERMISSIONS_KEY, ROLE_OPTIONS, toastError, toastSuccess } from "./permission-queries.ts";

const SCOPES_KEY = [...PERMISSIONS_KEY, "scope"] as const;

function useScopes() {
  return useQuery({ queryKey: SCOPES_KEY, queryFn: () => api<RecordScopeRow[]>("/api/admin/permissions/scope") });
}

const SCOPE_OPTIONS = (["all", "own"] as const).map((value) => ({ value, label: RECORD_SCOPE_LABELS[value] }));

/** The record scope select of one role × module (issue 16 §7), saved and audited by the server. */
function useScopeChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { role: Role; module: Module; recordScope: "all" | "own" }) =>
      api("/api/admin/permissions/scope", { method: "PATCH", body: change }),
    onSuccess: () => toastSuccess("Escopo de registros atualizado."),
    onError: (error) => toastError(`${PERMISSION_MESSAGES.updateFailed}: ${error.message}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SCOPES_KEY }),
  });
}

type Toggle = { role: Role; module: Module; action: Action; enabled: boolean };

/**
 * Applies the same implied-view rule as the server at the click, then sends the toggles one at a
 * time in click order. Only when none is left in flight is the table reloaded from the server
 * (which also undoes a refused toggle): a reload between two toggles would put old flags back.
 */
function useToggle() {
  const queryClient = useQueryClient();
  const inFlight = useRef(0);
  const mutation = useMutation({
    scope: { id: "role-permissions-toggle" },
    mutationFn: (toggle: Toggle) => api<PermissionRecord>("/api/admin/permissions", { method: "PATCH", body: toggle }),
    onError: (error) => toastError(`${PERMISSION_MESSAGES.updateFailed}: ${error.message}`),
    onSettled: () => {
      inFlight.current -= 1;
      queryClient.invalidateQueries({ queryKey: MATRIX_KEY });
      if (inFlight.current === 0) queryClient.invalidateQueries({ queryKey: PERMISSIONS_KEY });
    },
  });
  return (toggle: Toggle) => {
    inFlight.current += 1;
    const applyClick = () =>
      queryClient.setQueryData<PermissionRow[]>(PERMISSIONS_KEY, (rows) =>
        rows?.map((row) =>
          row.role === toggle.role && row.module === toggle.module
            ? { ...row, ...toRecord({ ...row, ...withToggledAction(toFlags(row), toggle.action, toggle.enabled) }) }
            : row,
        ),
      );
    // The checkbox answers at once; a reload cancelled under way restores its old flags a moment
    // later, so the click (idempotent: it sets, not flips) is applied again after that.
    applyClick();
    void queryClient.cancelQueries({ queryKey: PERMISSIONS_KEY }).then(applyClick);
    mutation.mutate(toggle);
  };
}

export function loadErrorMessage(error: Error): string {
  return error instanceof ApiError ? PERMISSION_MESSAGES.loadFailed : PERMISSION_MESSAGES.loadUnexpected;
}

/** The role × module × action table: one role at a time, modules grouped by category. */
export function RolePermissionsTable() {
  const [role, setRole] = useState<Role>("agency_manager");
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState<ModuleCategory | null>(null);
  const rows = useQuery({ queryKey: PERMISSIONS_KEY, queryFn: () => api<PermissionRow[]>("/api/admin/permissions") });
  const toggle = useToggle();
  const scopeChange = useScopeChange();
  const scopes = useScopes();
  const loadError = rows.error;
  useEffect(() => {
    if (loadError) toastError(loadErrorMessage(loadError));
  }, [loadError]);
  const isLocked = role === "super_admin";

  if (rows.isPending) return <Loader role="status" aria-label="Carregando permissões" />;
  if (rows.isError) return <Alert color="red">{loadErrorMessage(rows.error)}</Alert>;

  const flags = flagsOfRole(rows.data, role);
  const groups = groupByCategory(filterModules({ search, category }));

  return (
    <Card withBorder padding="md">
      <Group align="flex-end" mb="md">
        <Select
          label="Função"
          data={ROLE_OPTIONS}
          value={role}
          onChange={(value) => value && setRole(value as Role)}
          allowDeselect={false}
          w={220}
        />
        <TextInput
          label="Buscar módulo"
          placeholder="Nome, código ou descrição"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Select
          label="Categoria"
          data={CATEGORY_OPTIONS}
          value={toCategoryValue(category)}
          onChange={(value) => setCategory(fromCategoryValue(value))}
          allowDeselect={false}
          w={200}
        />
      </Group>
      {isLocked && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} mb="md">
          O Super Admin sempre tem acesso total; suas permissões não podem ser alteradas.
        </Alert>
      )}
      {rows.data.length === 0 || groups.length === 0 ? (
        <Text c="dimmed">{PERMISSION_MESSAGES.empty}</Text>
      ) : (
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
                    const current = flags.get(entry.name) ?? NO_PERMISSION;
                    const scope =
                      scopes.data?.find((r) => r.role === role && r.module === entry.name)?.record_scope ?? null;
                    return (
                      <Table.Tr key={entry.name}>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {entry.label}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {entry.name} · {entry.description}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <LevelBadge flags={current} />
                        </Table.Td>
                        {ACTIONS.map((action) => (
                          <Table.Td key={action}>
                            <Checkbox
                              mx="auto"
                              w="fit-content"
                              aria-label={`${ACTION_LABELS[action]} ${entry.label}`}
                              checked={current[ACTION_FLAG[action]]}
                              disabled={isLocked}
                              onChange={(event) =>
                                toggle({
                                  role,
                                  module: entry.name,
                                  action,
                                  enabled: event.currentTarget.checked,
                                })
                              }
                            />
                          </Table.Td>
                        ))}
                        <Table.Td>
                          <Select
                            size="xs"
                            aria-label={`Registros ${entry.label}`}
                            data={SCOPE_OPTIONS}
                            value={scope}
                            disabled={isLocked}
                            allowDeselect={false}
                            w={230}
                            onChange={(value) =>
                              value &&
                              scopeChange.mutate({ role, module: entry.name, recordScope: value as "all" | "own" })
                            }
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
