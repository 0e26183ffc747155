import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreatedWebhook,
  CreateWebhookBody,
  WebhookDeliveryList,
  WebhookList,
} from "#domain/schemas/integrations.ts";
import { api } from "#web/lib/api.ts";

export const WEBHOOKS_KEY = ["integrations", "webhooks"] as const;
const deliveriesKey = (webhookId: string) => [...WEBHOOKS_KEY, webhookId, "deliveries"] as const;

export function useWebhooks() {
  return useQuery({ queryKey: WEBHOOKS_KEY, queryFn: () => api<WebhookList>("/api/webhooks?limit=100") });
}

/** A webhook's delivery log, refreshed while a delivery waits for its next attempt. */
export function useWebhookDeliveries(webhookId: string) {
  return useQuery({
    queryKey: deliveriesKey(webhookId),
    queryFn: () => api<WebhookDeliveryList>(`/api/webhooks/${webhookId}/deliveries?limit=20`),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === "pending") ? 3_000 : false,
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => api<CreatedWebhook>("/api/webhooks", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/webhooks/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
      notifications.show({ title: "Sucesso", message: "Webhook excluído.", color: "green" });
    },
    onError: (error) => notifications.show({ title: "Erro", message: error.message, color: "red" }),
  });
}

export function useSendTestDelivery(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ deliveryId: string }>(`/api/webhooks/${webhookId}/test`, { method: "POST" }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) });
      notifications.show({ title: "Sucesso", message: "Evento de teste enviado para a fila.", color: "green" });
    },
    onError: (error) => notifications.show({ title: "Erro", message: error.message, color: "red" }),
  });
}
