import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { AUTO_BACKUP_MESSAGES, AUTO_BACKUPS_KEPT } from "#domain/schemas/auto-backups.ts";
import { formatDateTime, formatFileSize } from "#web/lib/format.ts";
import { useAutoBackups, useDownloadAutoBackup } from "./use-auto-backups.ts";

/** The automatic backups the agency keeps, each with its date, size and a download. */
export function AutoBackupsList() {
  const backups = useAutoBackups();
  const download = useDownloadAutoBackup();
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        Backups automáticos
      </Text>
      <Text size="xs" c="dimmed">
        Os {AUTO_BACKUPS_KEPT} mais recentes ficam guardados. Baixar um backup pede sua senha se você não a confirmou há
        pouco e fica registrado na auditoria.
      </Text>
      {backups.isPending && <Loader size="sm" role="status" aria-label="Carregando backups" />}
      {backups.isError && <Alert color="red">{AUTO_BACKUP_MESSAGES.loadFailed}</Alert>}
      {download.isError && (
        <Alert color="red" role="alert">
          {download.error.message || AUTO_BACKUP_MESSAGES.downloadFailed}
        </Alert>
      )}
      {backups.isSuccess && backups.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {AUTO_BACKUP_MESSAGES.empty}
        </Text>
      )}
      {backups.data?.map((backup) => (
        <Group key={backup.id} justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Text size="sm">{formatDateTime(backup.createdAt)}</Text>
            <Text size="xs" c="dimmed">
              {formatFileSize(backup.size)}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} />}
            loading={download.isPending && download.variables?.id === backup.id}
            onClick={() => download.mutate(backup)}
            aria-label={`Baixar backup de ${formatDateTime(backup.createdAt)}`}
          >
            Baixar
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
