/**
 * The events an agency's webhooks may subscribe to (issue 15, item 6), each raised where the
 * module writes its timeline entry or notification, in the same transaction.
 */
export const WEBHOOK_EVENTS = [
  "contact.created",
  "deal.created",
  "deal.won",
  "deal.lost",
  "project.created",
  "task.created",
  "task.assigned",
  "invoice.paid",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Sent only by "Enviar teste", to the one webhook it was asked for. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "contact.created": "Contato criado",
  "deal.created": "Negócio criado",
  "deal.won": "Negócio ganho",
  "deal.lost": "Negócio perdido",
  "project.created": "Projeto criado",
  "task.created": "Tarefa criada",
  "task.assigned": "Tarefa atribuída",
  "invoice.paid": "Fatura paga",
};

/** Which timeline entry (record type and kind) raises which event. */
const TIMELINE_EVENTS: Record<string, WebhookEvent> = {
  "contact:created": "contact.created",
  "deal:created": "deal.created",
  "deal:won": "deal.won",
  "deal:lost": "deal.lost",
  "project:created": "project.created",
  "project:task_created": "task.created",
};

/** Which notification kind raises which event. */
const NOTIFICATION_EVENTS: Record<string, WebhookEvent> = {
  task_assigned: "task.assigned",
  invoice_paid: "invoice.paid",
};

export function webhookEventOfTimeline(recordType: string, kind: string): WebhookEvent | null {
  return TIMELINE_EVENTS[`${recordType}:${kind}`] ?? null;
}

export function webhookEventOfNotification(kind: string): WebhookEvent | null {
  return NOTIFICATION_EVENTS[kind] ?? null;
}

/** The headers of a delivery (README, "Webhooks"). */
export const WEBHOOK_HEADERS = {
  event: "X-Nexo-Event",
  delivery: "X-Nexo-Delivery",
  timestamp: "X-Nexo-Timestamp",
  signature: "X-Nexo-Signature",
} as const;
