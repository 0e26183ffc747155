import { z } from "zod";

/** Texts of the automatic backups list (Configurações > Sistema > Backup). */
export const AUTO_BACKUP_MESSAGES = {
  notFound: "Backup não encontrado",
  empty: "Nenhum backup automático ainda",
  loadFailed: "Erro ao carregar os backups automáticos",
  downloadFailed: "Erro ao baixar o backup",
} as const;

/** How many automatic backups each agency keeps: a newer one removes the oldest beyond these. */
export const AUTO_BACKUPS_KEPT = 5;

/** One stored backup: when it was made and the size of its gzipped file. */
export const autoBackupSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  size: z.number().int(),
});
export type AutoBackup = z.infer<typeof autoBackupSchema>;

/** GET /api/agency/backups: the agency's automatic backups, newest first. */
export const autoBackupListSchema = z.object({ backups: z.array(autoBackupSchema) });
export type AutoBackupList = z.infer<typeof autoBackupListSchema>;
