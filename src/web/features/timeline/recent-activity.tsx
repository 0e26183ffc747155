import { Alert, Card, Loader, Text, Timeline, Title } from "@mantine/core";
import { TIMELINE_MESSAGES } from "#domain/timeline-messages.ts";
import { TimelineEntry } from "./timeline-entry.tsx";
import { useRecentActivity } from "./use-record-timeline.ts";

/** Dashboard "Atividade Recente": real events of records the user may view (never a sample). */
export function RecentActivity() {
  const recent = useRecentActivity();
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={3} size="h4" mb="sm">
        Atividade Recente
      </Title>
      {recent.isPending && <Loader size="sm" role="status" aria-label="Carregando atividade recente" />}
      {recent.isError && <Alert color="red">{TIMELINE_MESSAGES.loadFailed}</Alert>}
      {recent.isSuccess && recent.data.length === 0 && <Text c="dimmed">{TIMELINE_MESSAGES.empty}</Text>}
      {recent.isSuccess && recent.data.length > 0 && (
        <Timeline bulletSize={12} lineWidth={2}>
          {recent.data.map((event) => (
            <TimelineEntry key={event.id} event={event} showRecord />
          ))}
        </Timeline>
      )}
    </Card>
  );
}
