import { useMutation, useQuery } from "@tanstack/react-query";
import type { AutoBackup, AutoBackupList } from "#domain/schemas/auto-backups.ts";
import { api, downloadFile } from "#web/lib/api.ts";

export const AUTO_BACKUPS_KEY = ["agency", "backups"] as const;

/** The agency's automatic backups, newest first. */
export function useAutoBackups() {
  return useQuery({
    queryKey: AUTO_BACKUPS_KEY,
    queryFn: () => api<AutoBackupList>("/api/agency/backups"),
    select: (data) => data.backups,
  });
}

/**
 * Fetched and saved rather than linked: the server may ask for the password first (the prompt
 * answers it and retries), and a refusal shows its message instead of becoming the file.
 */
export function useDownloadAutoBackup() {
  return useMutation({
    mutationFn: (backup: AutoBackup) => downloadFile(`/api/agency/backups/${backup.id}`, "nexo-backup.json.gz"),
  });
}
