import { ActionIcon, Alert, Anchor, FileButton, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconPaperclip, IconTrash } from "@tabler/icons-react";
import type { RecordType } from "#domain/records.ts";
import { ATTACHMENT_MESSAGES } from "#domain/schemas/attachments.ts";
import { formatDateTime, formatFileSize } from "#web/lib/format.ts";
import { useAttachments, useDeleteAttachment, useUploadAttachment } from "./use-attachments.ts";

/**
 * A record's files; module pages embed it: `<RecordAttachments recordType="deal" recordId={id} />`.
 * `canEdit` shows upload and delete (the server decides anyway).
 */
export function RecordAttachments({
  recordType,
  recordId,
  canEdit = true,
}: {
  recordType: RecordType;
  recordId: string;
  canEdit?: boolean;
}) {
  const files = useAttachments(recordType, recordId);
  const upload = useUploadAttachment(recordType, recordId);
  const remove = useDeleteAttachment(recordType, recordId);
  return (
    <Stack gap="xs">
      {canEdit && (
        <FileButton onChange={(file) => file && upload.mutate(file)}>
          {(props) => (
            <Button
              {...props}
              leftSection={<IconPaperclip size={16} />}
              variant="light"
              w="fit-content"
              loading={upload.isPending}
            >
              Anexar arquivo
            </Button>
          )}
        </FileButton>
      )}
      {files.isPending && <Loader size="sm" role="status" aria-label="Carregando arquivos" />}
      {files.isError && <Alert color="red">{ATTACHMENT_MESSAGES.loadFailed}</Alert>}
      {files.isSuccess && files.data.length === 0 && <Text c="dimmed">{ATTACHMENT_MESSAGES.empty}</Text>}
      {files.data?.map((file) => (
        <Group key={file.id} justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Anchor href={`/api/attachments/${file.id}`} download={file.name} size="sm">
              {file.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {formatFileSize(file.size)} · {formatDateTime(file.createdAt)}
              {file.uploadedByName ? ` · ${file.uploadedByName}` : ""}
            </Text>
          </Stack>
          {canEdit && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Excluir ${file.name}`}
              loading={remove.isPending && remove.variables === file.id}
              onClick={() => remove.mutate(file.id)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
    </Stack>
  );
}
