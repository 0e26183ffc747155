import type { RecordType } from "#domain/records.ts";
import type { TimelineKind } from "#domain/timeline-kinds.ts";
import { webhookEventOfTimeline } from "#domain/webhook-events.ts";
import type { Queryable } from "../db/client.ts";
import { timelineEvents } from "../db/schema.ts";
import { emitWebhookEvent } from "../webhooks/emit-webhook-event.ts";

export type TimelineEvent = {
  agencyId: string;
  recordType: RecordType;
  recordId: string;
  /** What happened, e.g. "created", "stage_changed", "note", "won" (each with its pt-BR label). */
  kind: TimelineKind;
  actorId: string | null;
  details?: Record<string, unknown>;
};

/**
 * Writes what happened to a record in the caller's transaction, so the change and its
 * timeline entry stand or fall together. Every module records through this one function.
 */
export async function recordTimelineEvent(tx: Queryable, event: TimelineEvent): Promise<void> {
  await tx.insert(timelineEvents).values({ ...event, details: event.details ?? {} });
  // The agency's webhooks subscribed to what happened (contact created, deal won…) hear of it.
  const webhookEvent = webhookEventOfTimeline(event.recordType, event.kind);
  if (webhookEvent) {
    await emitWebhookEvent(tx, event.agencyId, webhookEvent, {
      recordType: event.recordType,
      recordId: event.recordId,
      actorId: event.actorId,
      details: event.details ?? {},
    });
  }
}
