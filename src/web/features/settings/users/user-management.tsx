import { Alert, Button, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconUserPlus } from "@tabler/icons-react";
import { useState } from "react";
import { InviteDialog } from "#web/features/invites/invite-dialog.tsx";
import { PendingInvites } from "#web/features/invites/pending-invites.tsx";
import { usePermission } from "#web/lib/permissions.ts";
import { useMe } from "#web/lib/session.ts";
import { RolePermissionsSummary } from "./role-permissions-summary.tsx";
import { SummaryCards } from "./summary-cards.tsx";
import { UsersList } from "./users-list.tsx";
import { useUsersSummary } from "./use-agency-users.ts";

/** Gestão de Usuários (spec §2.8): counters, members, invites and the permission summary, each behind its gate. */
export function UserManagement() {
  const canView = usePermission("users", "view").isAllowed;
  const canCreate = usePermission("users", "create").isAllowed;
  const canEdit = usePermission("users", "edit").isAllowed;
  const canDelete = usePermission("users", "delete").isAllowed;
  const hasAgency = Boolean(useMe().data?.user.agencyId);
  const summary = useUsersSummary(canView && hasAgency);
  const [isInviting, setInviting] = useState(false);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={3}>Gestão de Usuários</Title>
          <Text size="sm" c="dimmed">
            Gerencie quem faz parte da agência, suas funções e os convites enviados.
          </Text>
        </div>
        {canCreate && hasAgency && (
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
            Convidar Usuário
          </Button>
        )}
      </Group>
      {!hasAgency && <Alert color="yellow">Usuário não está associado a uma agência</Alert>}
      {hasAgency && !canView && (
        <Alert color="yellow" title="Acesso restrito">
          Você não tem permissão para visualizar os usuários da agência.
        </Alert>
      )}
      {hasAgency && canView && (
        <>
          <SummaryCards summary={summary.data} isError={summary.isError} />
          <Tabs defaultValue="usuarios" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="usuarios">Usuários</Tabs.Tab>
              <Tabs.Tab value="convites">Convites</Tabs.Tab>
              <Tabs.Tab value="permissoes">Permissões</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="usuarios" pt="md">
              <UsersList canEdit={canEdit} />
            </Tabs.Panel>
            <Tabs.Panel value="convites" pt="md">
              <PendingInvites canCancel={canDelete} />
            </Tabs.Panel>
            <Tabs.Panel value="permissoes" pt="md">
              <RolePermissionsSummary />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
      {canCreate && hasAgency && <InviteDialog opened={isInviting} onClose={() => setInviting(false)} />}
    </Stack>
  );
}
