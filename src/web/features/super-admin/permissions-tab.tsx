import { Alert, Loader, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { PERMISSION_MESSAGES } from "#domain/schemas/permissions.ts";
import { useMe } from "#web/lib/session.ts";
import { PermissionBackups } from "./permissions/permission-backups.tsx";
import { PermissionTemplates } from "./permissions/permission-templates.tsx";
import { PermissionsTransfer } from "./permissions/permissions-transfer.tsx";
import { RolePermissionsTable } from "./permissions/role-permissions-table.tsx";

/** Role permissions, templates, backups, import and export: super admins only (spec §2.7). */
export default function PermissionsTab() {
  const me = useMe();
  if (me.isPending) return <Loader role="status" aria-label="Carregando" />;
  if (!me.data?.user.isSuperAdmin) {
    return (
      <Alert color="red" icon={<IconLock size={18} />} role="alert">
        {PERMISSION_MESSAGES.accessDenied}
      </Alert>
    );
  }
  return (
    <Stack>
      <div>
        <Title order={3}>Permissões</Title>
        <Text c="dimmed" size="sm">
          O que cada função pode ver, criar, editar e excluir em cada módulo. As mudanças valem na próxima ação de cada
          usuário.
        </Text>
      </div>
      <Tabs defaultValue="tabela" variant="pills" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="tabela">Por função</Tabs.Tab>
          <Tabs.Tab value="templates">Templates</Tabs.Tab>
          <Tabs.Tab value="backups">Backups</Tabs.Tab>
          <Tabs.Tab value="importar">Importar / Exportar</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tabela">
          <RolePermissionsTable />
        </Tabs.Panel>
        <Tabs.Panel value="templates">
          <PermissionTemplates />
        </Tabs.Panel>
        <Tabs.Panel value="backups">
          <PermissionBackups />
        </Tabs.Panel>
        <Tabs.Panel value="importar">
          <PermissionsTransfer />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
