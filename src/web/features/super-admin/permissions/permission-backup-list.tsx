import { Button, Card, Group, Stack, Table, Text } from "@mantine/core";
import { countLabel } from "#domain/count-label.ts";
import type { PermissionBackup } from "#domain/schemas/permissions.ts";
import { useIsPhone } from "#web/features/crm/record-cells.tsx";
import { formatDateTime } from "#web/lib/format.ts";

type Pick = (kind: "restore" | "delete", backup: PermissionBackup) => void;

function BackupActions({ backup, onPick }: { backup: PermissionBackup; onPick: Pick }) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => onPick("restore", backup)}>
        Restaurar
      </Button>
      <Button size="xs" variant="subtle" color="red" onClick={() => onPick("delete", backup)}>
        Remover
      </Button>
    </Group>
  );
}

function BackupTable({ backups, onPick }: { backups: PermissionBackup[]; onPick: Pick }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Criado em</Table.Th>
            <Table.Th>Criado por</Table.Th>
            <Table.Th>Permissões</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {backups.map((backup) => (
            <Table.Tr key={backup.id}>
              <Table.Td>{formatDateTime(backup.createdAt)}</Table.Td>
              <Table.Td>{backup.createdBy ?? "—"}</Table.Td>
              <Table.Td>{backup.totalPermissions}</Table.Td>
              <Table.Td>
                <BackupActions backup={backup} onPick={onPick} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function BackupCards({ backups, onPick }: { backups: PermissionBackup[]; onPick: Pick }) {
  return (
    <Stack gap="xs" role="list" aria-label="Backups de permissões">
      {backups.map((backup) => (
        <Card key={backup.id} withBorder radius="md" padding="sm" role="listitem">
          <Text size="sm" fw={500}>
            {formatDateTime(backup.createdAt)}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {backup.createdBy ?? "—"} · {countLabel(backup.totalPermissions, "permissão", "permissões")}
          </Text>
          <Group mt={6} justify="flex-end">
            <BackupActions backup={backup} onPick={onPick} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** The backups as a table on wider screens and as cards on a phone, where the table's actions fell off the edge. */
export function PermissionBackupList(props: { backups: PermissionBackup[]; onPick: Pick }) {
  return useIsPhone() ? <BackupCards {...props} /> : <BackupTable {...props} />;
}
