import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { ROLE_LABELS, ROLES } from "#domain/roles.ts";

export const PERMISSIONS_KEY = ["admin", "permissions"] as const;
export const TEMPLATES_KEY = ["admin", "permissions", "templates"] as const;
export const BACKUPS_KEY = ["admin", "permissions", "backups"] as const;
export const MATRIX_KEY = ["permissions", "matrix"] as const;

export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
export const EDITABLE_ROLE_OPTIONS = ROLE_OPTIONS.filter((option) => option.value !== "super_admin");

/** Reloads everything that shows role_permissions after a write. */
export function useRefreshPermissions() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.invalidateQueries({ queryKey: PERMISSIONS_KEY });
    queryClient.invalidateQueries({ queryKey: MATRIX_KEY });
  };
}

export function toastSuccess(message: string) {
  notifications.show({ title: "Sucesso", message, color: "green" });
}

export function toastError(message: string) {
  notifications.show({ title: "Erro", message, color: "red" });
}
