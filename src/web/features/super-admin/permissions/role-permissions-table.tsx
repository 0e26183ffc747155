import { Alert, Card, Group, Loader, Select, Text, TextInput } from "@mantine/core";
import { IconInfoCircle, IconSearch } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { Module, ModuleCategory } from "#domain/modules.ts";
import { type Action, NO_PERMISSION, withToggledAction } from "#domain/permissions.ts";
import type { Role } from "#domain/roles.ts";
import {
  PERMISSION_MESSAGES,
  type PermissionRecord,
  type RecordScopeRow,
  type PermissionRow,
  toFlags,
  toRecord,
} from "#domain/schemas/permissions.ts";
import {
  filterModules,
  flagsOfRole,
  groupByCategory,
  type ModuleEntry,
} from "#web/features/permissions/module-filters.ts";
import { useIsPhone } from "#web/features/crm/record-cells.tsx";
import { CATEGORY_OPTIONS, fromCategoryValue, toCategoryValue } from "#web/features/permissions/permission-filters.tsx";
import { ApiError, api } from "#web/lib/api.ts";
import { MATRIX_KEY, PERMISSIONS_KEY, ROLE_OPTIONS, toastError, toastSuccess } from "./permission-queries.ts";
import { type ModuleState, RolePermissionCards, RolePermissionGrid } from "./role-permission-layouts.tsx";

const SCOPES_KEY = [...PERMISSIONS_KEY, "scope"] as const;

function useScopes() {
  return useQuery({ queryKey: SCOPES_KEY, queryFn: () => api<RecordScopeRow[]>("/api/admin/permissions/scope") });
}

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
  const isPhone = useIsPhone();

  if (rows.isPending) return <Loader role="status" aria-label="Carregando permissões" />;
  if (rows.isError) return <Alert color="red">{loadErrorMessage(rows.error)}</Alert>;

  const flags = flagsOfRole(rows.data, role);
  const groups = groupByCategory(filterModules({ search, category }));
  const stateOf = (entry: ModuleEntry): ModuleState => ({
    flags: flags.get(entry.name) ?? NO_PERMISSION,
    scope: scopes.data?.find((r) => r.role === role && r.module === entry.name)?.record_scope ?? null,
    isLocked,
    onToggle: (action, enabled) => toggle({ role, module: entry.name, action, enabled }),
    onScope: (recordScope) => scopeChange.mutate({ role, module: entry.name, recordScope }),
  });
  const Layout = isPhone ? RolePermissionCards : RolePermissionGrid;

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
        <Layout groups={groups} stateOf={stateOf} />
      )}
    </Card>
  );
}
