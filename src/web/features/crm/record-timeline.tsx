import { Button, Card, Group, Loader, Select, Stack, Text, Textarea, Timeline } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { ACTIVITY_KINDS, ACTIVITY_LABELS, type CrmRecordType, type TimelineEntry } from "#domain/schemas/crm.ts";
import { timelineKindLabel } from "#domain/timeline-kinds.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { crmApi, useCrmMutation, useTimeline } from "./use-crm.ts";

function summaryOf(entry: TimelineEntry): string {
  const d = entry.details as Record<string, unknown>;
  if (entry.kind === "stage_changed") return `${String(d.from)} → ${String(d.to)}`;
  if (entry.kind === "lost" && d.reason) return `Motivo: ${String(d.reason)}`;
  if (typeof d.text === "string") return d.text;
  if (typeof d.title === "string") return d.title;
  return "";
}

// TODO(platform): swap for the shared <RecordTimeline> once it is on main.
/** A record's timeline (newest first, paged) with a form to log a note, call, meeting or e-mail. */
export function RecordTimeline({ type, id }: { type: CrmRecordType; id: string }) {
  const timeline = useTimeline(type, id);
  const [kind, setKind] = useState("note");
  const [text, setText] = useState("");
  const log = useCrmMutation((body: { kind: string; text: string }) => crmApi.activity(type, id, body));
  const entries = timeline.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <Card withBorder padding="md">
      <Text fw={600} mb="sm">
        Linha do tempo
      </Text>
      <Stack gap="xs" mb="md">
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Atividade"
            w={140}
            allowDeselect={false}
            data={ACTIVITY_KINDS.map((k) => ({ value: k, label: ACTIVITY_LABELS[k] }))}
            value={kind}
            onChange={(v) => v && setKind(v)}
          />
          <Textarea
            label="Descrição"
            style={{ flex: 1, minWidth: 200 }}
            autosize
            minRows={1}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Button
            loading={log.isPending}
            disabled={!text.trim()}
            onClick={() =>
              log.mutate(
                { kind, text },
                {
                  onSuccess: () => setText(""),
                  onError: (e) => notifications.show({ color: "red", message: e.message }),
                },
              )
            }
          >
            Registrar
          </Button>
        </Group>
      </Stack>
      {timeline.isPending ? (
        <Loader size="sm" role="status" aria-label="Carregando linha do tempo" />
      ) : entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nenhuma atividade ainda.
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2}>
          {entries.map((entry) => (
            <Timeline.Item key={entry.id} title={timelineKindLabel(entry.kind)}>
              {summaryOf(entry) && <Text size="sm">{summaryOf(entry)}</Text>}
              <Text size="xs" c="dimmed">
                {entry.actorName ?? "Sistema"} · {formatDateTime(entry.createdAt)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {timeline.hasNextPage && (
        <Button variant="subtle" size="xs" mt="sm" onClick={() => timeline.fetchNextPage()}>
          Ver mais
        </Button>
      )}
    </Card>
  );
}
