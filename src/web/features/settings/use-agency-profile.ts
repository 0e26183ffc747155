import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  AGENCY_PROFILE_MESSAGES,
  type AgencyProfile,
  type AgencyProfileInput,
} from "#domain/schemas/agency-profile.ts";
import { api } from "#web/lib/api.ts";
import { ME_QUERY_KEY } from "#web/lib/session.ts";

export const AGENCY_PROFILE_KEY = ["agency", "profile"] as const;
export const AGENCY_SETTINGS_KEY = ["agency", "settings"] as const;

export function useAgencyProfile() {
  return useQuery({ queryKey: AGENCY_PROFILE_KEY, queryFn: () => api<AgencyProfile>("/api/agency/profile") });
}

/** After a save the profile, the Sistema tab (timezone, currency) and /api/me (agency name, dates) are fresh. */
function useRefreshAgency() {
  const queryClient = useQueryClient();
  return (profile: AgencyProfile) => {
    queryClient.setQueryData(AGENCY_PROFILE_KEY, profile);
    void queryClient.invalidateQueries({ queryKey: AGENCY_SETTINGS_KEY });
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  };
}

export type SaveOutcome = { ok: true } | { ok: false };

/**
 * Salvar Alterações: the chosen logo first (its own toast), then the form fields. A failed logo
 * stops there so the user can pick another file without losing what they typed.
 */
export function useSaveAgencyProfile() {
  const refresh = useRefreshAgency();
  return useMutation({
    mutationFn: async ({ values, logo }: { values: AgencyProfileInput; logo: File | null }): Promise<SaveOutcome> => {
      if (logo) {
        try {
          await api<AgencyProfile>("/api/agency/logo", { method: "PUT", body: logo });
          notifySuccess(AGENCY_PROFILE_MESSAGES.logoUpdated);
        } catch (error) {
          notifyError(AGENCY_PROFILE_MESSAGES.logoUploadFailed, error);
          return { ok: false };
        }
      }
      try {
        refresh(await api<AgencyProfile>("/api/agency/profile", { method: "PUT", body: values }));
        notifySuccess(AGENCY_PROFILE_MESSAGES.updated);
        return { ok: true };
      } catch (error) {
        notifyError(AGENCY_PROFILE_MESSAGES.updateFailed, error);
        return { ok: false };
      }
    },
  });
}

function notifySuccess(message: string) {
  notifications.show({ title: "Sucesso", message, color: "green" });
}

function notifyError(prefix: string, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  notifications.show({ title: "Erro", message: prefix + message, color: "red" });
}
