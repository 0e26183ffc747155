import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ATTACHMENT_MESSAGES, type AttachmentItem, type attachmentListSchema } from "#domain/schemas/attachments.ts";
import { type AnswerOf, ApiError, api } from "#web/lib/api.ts";
import { timelineKey } from "../timeline/use-record-timeline.ts";

const attachmentsKey = (recordType: string, recordId: string) => ["attachments", recordType, recordId] as const;

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status < 500 && error.message ? error.message : fallback;

export function useAttachments(recordType: string, recordId: string) {
  return useQuery({
    queryKey: attachmentsKey(recordType, recordId),
    queryFn: () => api<AnswerOf<typeof attachmentListSchema>>(`/api/records/${recordType}/${recordId}/attachments`),
    select: (data) => data.attachments,
  });
}

function useRefresh(recordType: string, recordId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: attachmentsKey(recordType, recordId) }),
      queryClient.invalidateQueries({ queryKey: timelineKey(recordType, recordId) }),
    ]);
}

export function useUploadAttachment(recordType: string, recordId: string) {
  const refresh = useRefresh(recordType, recordId);
  return useMutation({
    mutationFn: (file: File) =>
      api<AttachmentItem>(`/api/records/${recordType}/${recordId}/attachments?name=${encodeURIComponent(file.name)}`, {
        method: "POST",
        body: new Blob([file], { type: "application/octet-stream" }),
      }),
    onSuccess: () => {
      notifications.show({ title: "Sucesso", message: ATTACHMENT_MESSAGES.uploaded, color: "green" });
      return refresh();
    },
    onError: (error) =>
      notifications.show({ title: "Erro", message: failure(error, ATTACHMENT_MESSAGES.uploadFailed), color: "red" }),
  });
}

export function useDeleteAttachment(recordType: string, recordId: string) {
  const refresh = useRefresh(recordType, recordId);
  return useMutation({
    mutationFn: (id: string) => api(`/api/attachments/${id}`, { method: "DELETE" }),
    onSuccess: refresh,
    onError: (error) =>
      notifications.show({ title: "Erro", message: failure(error, ATTACHMENT_MESSAGES.loadFailed), color: "red" }),
  });
}
