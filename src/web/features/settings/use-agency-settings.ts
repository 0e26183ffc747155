import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  AGENCY_SETTINGS_MESSAGES,
  type AgencySettingChange,
  type AgencySettings,
} from "#domain/schemas/agency-settings.ts";
import { api } from "#web/lib/api.ts";
import { ME_QUERY_KEY } from "#web/lib/session.ts";
import { AGENCY_PROFILE_KEY, AGENCY_SETTINGS_KEY } from "./use-agency-profile.ts";

export function useAgencySettings() {
  return useQuery({ queryKey: AGENCY_SETTINGS_KEY, queryFn: () => api<AgencySettings>("/api/agency/settings") });
}

/** Keys whose change /api/me reflects: how dates show, and the two-factor enrolment gate. */
const ME_KEYS = new Set<AgencySettingChange["key"]>(["timezone", "currency", "date_format", "two_factor_required"]);

/** Saves one setting at once (spec §2.8) and toasts the outcome. */
export function useSaveAgencySetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AgencySettingChange) =>
      api<AgencySettings>("/api/agency/settings", { method: "PUT", body: change }),
    onSuccess: (settings, change) => {
      queryClient.setQueryData(AGENCY_SETTINGS_KEY, settings);
      if (change.key === "timezone" || change.key === "currency") {
        void queryClient.invalidateQueries({ queryKey: AGENCY_PROFILE_KEY });
      }
      if (ME_KEYS.has(change.key)) void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      notifications.show({ title: "Sucesso", message: AGENCY_SETTINGS_MESSAGES.updated, color: "green" });
    },
    onError: (error) =>
      notifications.show({
        title: "Erro",
        message: AGENCY_SETTINGS_MESSAGES.updateFailed + error.message,
        color: "red",
      }),
  });
}
