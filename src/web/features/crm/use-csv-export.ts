import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { downloadFile } from "#web/lib/api.ts";

/**
 * Downloads a CRM export (the list as the screen filters it) while the button shows it loading; a
 * refusal, or a download the server cut short, shows its message instead of saving a file.
 */
export function useCsvExport() {
  return useMutation({
    mutationFn: (path: string) => downloadFile(path, "exportacao.csv"),
    onError: (error: Error) => notifications.show({ color: "red", message: error.message }),
  });
}
