import { z } from "zod";

export const ATTACHMENT_MESSAGES = {
  notFound: "Arquivo não encontrado",
  tooLarge: "Arquivo maior que o limite da agência",
  typeRefused: "Tipo de arquivo não permitido",
  nameRequired: "Informe o nome do arquivo",
  empty: "Nenhum arquivo anexado",
  uploaded: "Arquivo anexado",
  deleted: "Arquivo excluído",
  loadFailed: "Erro ao carregar arquivos",
  uploadFailed: "Erro ao anexar arquivo",
} as const;

/**
 * The most any agency may allow per file (below the app's 10 MB request limit, so this route's
 * own message answers); each agency's own limit is a setting up to it.
 */
export const ATTACHMENT_HARD_MAX_BYTES = 8 * 1024 * 1024;
export const ATTACHMENT_DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

export const uploadAttachmentQuerySchema = z.object({
  name: z.string().trim().min(1, { error: ATTACHMENT_MESSAGES.nameRequired }).max(200),
});

export const attachmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  uploadedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type AttachmentItem = z.infer<typeof attachmentSchema>;

export const attachmentListSchema = z.object({ attachments: z.array(attachmentSchema) });
