import { Text, Timeline } from "@mantine/core";
import type { TimelineEventItem } from "#domain/schemas/timeline.ts";
import { recordTypeLabel, timelineDetail, timelineKindLabel } from "#domain/timeline-kinds.ts";
import { formatDateTime } from "#web/lib/format.ts";

/** One event: what happened (and to what), who did it, when. */
export function TimelineEntry({ event, showRecord = false }: { event: TimelineEventItem; showRecord?: boolean }) {
  const detail = timelineDetail(event.details);
  const record = showRecord ? `${recordTypeLabel(event.recordType)}: ` : "";
  return (
    <Timeline.Item title={`${record}${timelineKindLabel(event.kind, event.recordType)}${detail ? ` — ${detail}` : ""}`}>
      <Text size="xs" c="dimmed">
        {formatDateTime(event.createdAt)}
        {event.actorName ? ` · ${event.actorName}` : ""}
      </Text>
    </Timeline.Item>
  );
}
