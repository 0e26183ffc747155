import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconDatabasePlus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { PERMISSION_MESSAGES, type PermissionBackup } from "#domain/schemas/permissions.ts";
import { api } from "#web/lib/api.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { ConfirmModal } from "#web/lib/confirm-modal.tsx";
import { PermissionBackupList } from "./permission-backup-list.tsx";
import { BACKUPS_KEY, toastError, toastSuccess, useRefreshPermissions } from "./permission-queries.ts";
import { loadErrorMessage } from "./role-permissions-table.tsx";

type Pending = { kind: "restore" | "delete"; backup: PermissionBackup } | null;

function useBackupMutations(onDone: () => void) {
  const queryClient = useQueryClient();
  const refreshPermissions = useRefreshPermissions();
  const refreshList = () => queryClient.invalidateQueries({ queryKey: BACKUPS_KEY });
  const create = useMutation({
    mutationFn: () => api<PermissionBackup>("/api/admin/permissions/backups", { method: "POST" }),
    onSuccess: () => {
      toastSuccess(PERMISSION_MESSAGES.backupCreated);
      refreshList();
    },
    onError: () => toastError(PERMISSION_MESSAGES.backupCreateFailed),
  });
  const restore = useMutation({
    mutationFn: (id: string) => api(`/api/admin/permissions/backups/${id}/restore`, { method: "POST" }),
    onSuccess: () => {
      toastSuccess(PERMISSION_MESSAGES.backupRestored);
      refreshPermissions();
    },
    onError: () => toastError(PERMISSION_MESSAGES.backupRestoreFailed),
    onSettled: onDone,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/admin/permissions/backups/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      toastSuccess(PERMISSION_MESSAGES.backupRemoved);
      refreshList();
    },
    onError: () => toastError(PERMISSION_MESSAGES.backupRemoveFailed),
    onSettled: onDone,
  });
  return { create, restore, remove };
}

/** Snapshots of all role permissions (kept in the audit log), newest 10: create, restore, remove. */
export function PermissionBackups() {
  const [pending, setPending] = useState<Pending>(null);
  const { create, restore, remove } = useBackupMutations(() => setPending(null));
  const backups = useQuery({
    queryKey: BACKUPS_KEY,
    queryFn: () => api<PermissionBackup[]>("/api/admin/permissions/backups"),
  });

  return (
    <Stack>
      <Card withBorder padding="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <Title order={5}>Backups de permissões</Title>
            <Text size="sm" c="dimmed">
              Guarda uma cópia de todas as permissões de todas as funções. Restaurar substitui todas as permissões
              atuais pelas do backup. São listados os 10 mais recentes.
            </Text>
          </div>
          <Button
            leftSection={<IconDatabasePlus size={16} />}
            loading={create.isPending}
            onClick={() => create.mutate()}
          >
            Criar backup
          </Button>
        </Group>
      </Card>
      {backups.isPending && <Loader role="status" size="sm" aria-label="Carregando backups" />}
      {backups.isError && <Alert color="red">{loadErrorMessage(backups.error)}</Alert>}
      {backups.isSuccess && backups.data.length === 0 && <Text c="dimmed">{PERMISSION_MESSAGES.backupsEmpty}</Text>}
      {backups.isSuccess && backups.data.length > 0 && (
        <PermissionBackupList backups={backups.data} onPick={(kind, backup) => setPending({ kind, backup })} />
      )}
      <ConfirmModal
        title={pending?.kind === "restore" ? "Restaurar backup" : "Remover backup"}
        opened={pending !== null}
        confirmLabel={pending?.kind === "restore" ? "Restaurar" : "Remover"}
        color={pending?.kind === "restore" ? "blue" : "red"}
        isBusy={restore.isPending || remove.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          if (pending.kind === "restore") restore.mutate(pending.backup.id);
          else remove.mutate(pending.backup.id);
        }}
      >
        {pending?.kind === "restore"
          ? `Todas as permissões atuais serão substituídas pelas do backup de ${formatDateTime(pending.backup.createdAt)}.`
          : `Remover o backup de ${pending ? formatDateTime(pending.backup.createdAt) : ""}? Esta ação não pode ser desfeita.`}
      </ConfirmModal>
    </Stack>
  );
}
