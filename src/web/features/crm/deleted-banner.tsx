import { Alert, Button, Group, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { formatDate } from "#web/lib/format.ts";
import { restoreDeadline } from "./restore-window.ts";

const WORDS = {
  contact: { title: "Contato excluído", deleted: "Excluído", restorable: "pode ser restaurado" },
  company: { title: "Empresa excluída", deleted: "Excluída", restorable: "pode ser restaurada" },
} as const;

/** A deleted record's page: when it was deleted, until when it can come back, and the button that brings it. */
export function DeletedBanner({
  kind,
  deletedAt,
  canRestore,
  restoring,
  onRestore,
}: {
  kind: keyof typeof WORDS;
  deletedAt: string;
  canRestore: boolean;
  restoring: boolean;
  onRestore: () => void;
}) {
  const words = WORDS[kind];
  return (
    <Alert color="red" variant="light" icon={<IconTrash size={18} />} title={words.title}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {words.deleted} em {formatDate(deletedAt)} — {words.restorable} até {formatDate(restoreDeadline(deletedAt))}
        </Text>
        {canRestore && (
          <Button size="xs" variant="white" color="red" onClick={onRestore} loading={restoring}>
            Desfazer exclusão
          </Button>
        )}
      </Group>
    </Alert>
  );
}
