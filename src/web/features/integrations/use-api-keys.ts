import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ApiKey,
  ApiKeyList,
  CreateApiKeyBody,
  CreatedApiKey,
  GrantableKeyRoles,
} from "#domain/schemas/integrations.ts";
import { api } from "#web/lib/api.ts";

export const API_KEYS_KEY = ["integrations", "api-keys"] as const;

export function useApiKeys() {
  return useQuery({ queryKey: API_KEYS_KEY, queryFn: () => api<ApiKeyList>("/api/api-keys?limit=100") });
}

/** The roles the user may give a new key, decided by the server (its own permissions, not only rank). */
export function useGrantableKeyRoles(enabled: boolean) {
  return useQuery({
    queryKey: [...API_KEYS_KEY, "roles"],
    queryFn: () => api<GrantableKeyRoles>("/api/api-keys/roles"),
    enabled,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => api<CreatedApiKey>("/api/api-keys", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<ApiKey>(`/api/api-keys/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
      notifications.show({ title: "Sucesso", message: "Chave revogada.", color: "green" });
    },
    onError: (error) => notifications.show({ title: "Erro", message: error.message, color: "red" }),
  });
}
