import { notifications as toasts } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  NOTIFICATION_PREFERENCE_MESSAGES,
  type NotificationPreferenceChange,
  type NotificationPreferences,
} from "#domain/schemas/notifications.ts";
import { api } from "#web/lib/api.ts";

const PREFERENCES_KEY = ["notification-preferences"] as const;
const PREFERENCES_URL = "/api/notifications/preferences";

export function useEmailPreferences() {
  return useQuery({ queryKey: PREFERENCES_KEY, queryFn: () => api<NotificationPreferences>(PREFERENCES_URL) });
}

/** Saves one kind's choice at once, as the settings screens do, and toasts the outcome. */
export function useSaveEmailPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: NotificationPreferenceChange) =>
      api<NotificationPreferences>(PREFERENCES_URL, { method: "PUT", body: change }),
    onSuccess: (preferences) => {
      queryClient.setQueryData(PREFERENCES_KEY, preferences);
      toasts.show({ title: "Sucesso", message: NOTIFICATION_PREFERENCE_MESSAGES.saved, color: "green" });
    },
    onError: (error) =>
      toasts.show({
        title: "Erro",
        message: `${NOTIFICATION_PREFERENCE_MESSAGES.saveFailed}: ${error.message}`,
        color: "red",
      }),
  });
}
