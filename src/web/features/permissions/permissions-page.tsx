import { Alert, Badge, Card, Loader, Stack, Tabs } from "@mantine/core";
import { IconCategory, IconLayoutGrid, IconTable } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { PERMISSION_MESSAGES, type PermissionRecord } from "#domain/schemas/permissions.ts";
import { SectionHeader } from "#web/features/sections/section-header.tsx";
import { ApiError, api } from "#web/lib/api.ts";
import { useMe } from "#web/lib/session.ts";
import { PermissionGuard } from "#web/shell/permission-guard.tsx";
import { CategoryTab } from "./category-tab.tsx";
import { MatrixTab } from "./matrix-tab.tsx";
import { countConfigured, filterModules, flagsOfRole, groupByCategory } from "./module-filters.ts";
import { PermissionFilters, type ScreenFilters } from "./permission-filters.tsx";
import { OverviewTab } from "./overview-tab.tsx";
import { countLabel } from "#domain/count-label.ts";

const MATRIX_KEY = ["permissions", "matrix"] as const;

function PermissionsScreen() {
  const me = useMe();
  const [filters, setFilters] = useState<ScreenFilters>({
    search: "",
    category: null,
    role: me.data?.user.role ?? "user",
  });
  const matrix = useQuery({ queryKey: MATRIX_KEY, queryFn: () => api<PermissionRecord[]>("/api/permissions/matrix") });

  const modules = filterModules(filters);
  const groups = groupByCategory(modules);
  const flags = flagsOfRole(matrix.data ?? [], filters.role);
  const configured = countConfigured(modules, flags);

  return (
    <Stack gap="md">
      <SectionHeader
        title="Sistema de Permissões"
        description="Veja o que cada função pode fazer em cada módulo da agência."
        actions={
          matrix.isSuccess && (
            <Badge size="lg" variant="light">
              {countLabel(configured, "permissão configurada", "permissões configuradas")}
            </Badge>
          )
        }
      />
      <Card withBorder padding="md">
        <PermissionFilters value={filters} onChange={setFilters} />
      </Card>
      {matrix.isPending && <Loader role="status" aria-label="Carregando permissões" />}
      {matrix.isError && (
        <Alert color="red" role="alert">
          {matrix.error instanceof ApiError ? PERMISSION_MESSAGES.loadFailed : PERMISSION_MESSAGES.loadUnexpected}
        </Alert>
      )}
      {matrix.isSuccess && (
        <Tabs defaultValue="visao-geral" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="visao-geral" leftSection={<IconLayoutGrid size={16} />}>
              Visão Geral
            </Tabs.Tab>
            <Tabs.Tab value="categorias" leftSection={<IconCategory size={16} />}>
              Detalhada por Categoria
            </Tabs.Tab>
            <Tabs.Tab value="matriz" leftSection={<IconTable size={16} />}>
              Matriz de Permissões
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="visao-geral">
            <OverviewTab modules={modules} flags={flags} />
          </Tabs.Panel>
          <Tabs.Panel value="categorias">
            <CategoryTab groups={groups} flags={flags} />
          </Tabs.Panel>
          <Tabs.Panel value="matriz">
            <MatrixTab groups={groups} records={matrix.data} selectedRole={filters.role} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

/** /app/portal-cliente/permissoes: guarded by portal_permissoes:view (spec §2.9). */
export default function PermissionsPage() {
  return (
    <PermissionGuard module="portal_permissoes" action="view">
      <PermissionsScreen />
    </PermissionGuard>
  );
}
