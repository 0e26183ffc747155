import { Alert, Button, Loader, Stack, Text, Timeline } from "@mantine/core";
import { TIMELINE_MESSAGES } from "#domain/timeline-messages.ts";
import type { RecordType } from "#domain/records.ts";
import { TimelineEntry } from "./timeline-entry.tsx";
import { useRecordTimeline } from "./use-record-timeline.ts";

/** A record's history, newest first; module pages embed it: `<RecordTimeline recordType="deal" recordId={id} />`. */
export function RecordTimeline({ recordType, recordId }: { recordType: RecordType; recordId: string }) {
  const pages = useRecordTimeline(recordType, recordId);
  const events = pages.data?.pages.flatMap((page) => page.events) ?? [];
  if (pages.isPending) return <Loader size="sm" role="status" aria-label="Carregando histórico" />;
  if (pages.isError) return <Alert color="red">{TIMELINE_MESSAGES.loadFailed}</Alert>;
  if (events.length === 0) return <Text c="dimmed">{TIMELINE_MESSAGES.empty}</Text>;
  return (
    <Stack gap="sm">
      <Timeline bulletSize={14} lineWidth={2}>
        {events.map((event) => (
          <TimelineEntry key={event.id} event={event} />
        ))}
      </Timeline>
      {pages.hasNextPage && (
        <Button
          variant="default"
          size="xs"
          w="fit-content"
          loading={pages.isFetchingNextPage}
          onClick={() => pages.fetchNextPage()}
        >
          Carregar mais
        </Button>
      )}
    </Stack>
  );
}
