import { notifications } from "@mantine/notifications";

const TOAST_ID = "auth-result";

/** One toast for the latest sign-in or sign-up outcome: repeated failures replace it rather than pile up. */
export function showAuthToast(kind: "success" | "error", message: string): void {
  notifications.hide(TOAST_ID);
  notifications.show({
    id: TOAST_ID,
    title: kind === "success" ? "Sucesso" : "Erro",
    message,
    color: kind === "success" ? "green" : "red",
  });
}

export function hideAuthToast(): void {
  notifications.hide(TOAST_ID);
}
