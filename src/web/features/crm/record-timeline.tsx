import { Button, Card, Group, Loader, Select, Stack, Text, Textarea, TextInput, Timeline } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { ACTIVITY_KINDS, type CrmRecordType, type TimelineEntry } from "#domain/schemas/crm.ts";
import { timelineKindLabel } from "#domain/timeline-kinds.ts";
import { formatDate, formatDateTime } from "#web/lib/format.ts";
import { crmApi, useCrmMutation, useCrmPeople, useTimeline } from "./use-crm.ts";

/** A task's line: its title, its due date and who it is for ("Ligar · Prazo: 05/12/2026 · Para: João Aurora"). */
function taskSummary(d: Record<string, unknown>, nameOf: (id: string) => string | undefined): string {
  const assignee = typeof d.assigneeId === "string" ? nameOf(d.assigneeId) : undefined;
  return [
    String(d.title),
    typeof d.dueDate === "string" ? `Prazo: ${formatDate(d.dueDate)}` : null,
    assignee ? `Para: ${assignee}` : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

function summaryOf(entry: TimelineEntry, nameOf: (id: string) => string | undefined): string {
  const d = entry.details as Record<string, unknown>;
  if (entry.kind === "stage_changed") return `${String(d.from)} → ${String(d.to)}`;
  if (entry.kind === "lost" && d.reason) return `Motivo: ${String(d.reason)}`;
  if (entry.kind === "task" && typeof d.title === "string") return taskSummary(d, nameOf);
  if (typeof d.text === "string") return d.text;
  if (typeof d.title === "string") return d.title;
  return "";
}

const TASK = "task";
const KIND_OPTIONS = [...ACTIVITY_KINDS, TASK].map((k) => ({ value: k, label: timelineKindLabel(k) }));

// TODO(platform): swap for the shared <RecordTimeline> once it is on main.
/**
 * A record's timeline (newest first, paged) with a form to log a note, call, meeting or e-mail, or
 * to create a task (title, due date, assignee). `readOnly` (a deleted record) hides the form.
 */
export function RecordTimeline({
  type,
  id,
  readOnly = false,
}: {
  type: CrmRecordType;
  id: string;
  readOnly?: boolean;
}) {
  const timeline = useTimeline(type, id);
  const people = useCrmPeople();
  const entries = timeline.data?.pages.flatMap((p) => p.entries) ?? [];
  const nameOf = (personId: string) => people.data?.find((p) => p.id === personId)?.name;
  return (
    <Card withBorder padding="md">
      <Text fw={600} mb="sm">
        Linha do tempo
      </Text>
      {!readOnly && <TimelineForm type={type} id={id} />}
      {timeline.isPending ? (
        <Loader size="sm" role="status" aria-label="Carregando linha do tempo" />
      ) : entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nenhuma atividade ainda.
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2}>
          {entries.map((entry) => (
            <Timeline.Item key={entry.id} title={timelineKindLabel(entry.kind, type)}>
              {summaryOf(entry, nameOf) && <Text size="sm">{summaryOf(entry, nameOf)}</Text>}
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

function TimelineForm({ type, id }: { type: CrmRecordType; id: string }) {
  const [kind, setKind] = useState("note");
  const [text, setText] = useState("");
  const [title, setTitle] = useState("");
  const [dueDate, setDueDate] = useState("");
  const [assigneeId, setAssigneeId] = useState<string | null>(null);
  const people = useCrmPeople();
  const log = useCrmMutation((body: { kind: string; text: string }) => crmApi.activity(type, id, body));
  const task = useCrmMutation((body: { title: string; dueDate: string | null; assigneeId: string | null }) =>
    crmApi.task(type, id, body),
  );
  const isTask = kind === TASK;
  const onError = (e: Error) => notifications.show({ color: "red", message: e.message });
  const submit = () => {
    if (!isTask) return log.mutate({ kind, text }, { onSuccess: () => setText(""), onError });
    task.mutate(
      { title, dueDate: dueDate || null, assigneeId },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: "Tarefa criada." });
          setTitle("");
          setDueDate("");
          setAssigneeId(null);
        },
        onError,
      },
    );
  };
  return (
    <Stack gap="xs" mb="md">
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Atividade"
          w={140}
          allowDeselect={false}
          data={KIND_OPTIONS}
          value={kind}
          onChange={(v) => v && setKind(v)}
        />
        {isTask ? (
          <>
            <TextInput
              label="Título da tarefa"
              style={{ flex: 1, minWidth: 200 }}
              maxLength={200}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
            <TextInput
              label="Prazo"
              type="date"
              w={160}
              value={dueDate}
              onChange={(e) => setDueDate(e.currentTarget.value)}
            />
            <Select
              label="Responsável"
              w={200}
              clearable
              searchable
              placeholder="Sem responsável"
              data={(people.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              value={assigneeId}
              onChange={setAssigneeId}
            />
          </>
        ) : (
          <Textarea
            label="Descrição"
            style={{ flex: 1, minWidth: 200 }}
            autosize
            minRows={1}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
        )}
        <Button
          loading={log.isPending || task.isPending}
          disabled={isTask ? !title.trim() : !text.trim()}
          onClick={submit}
        >
          {isTask ? "Criar tarefa" : "Registrar"}
        </Button>
      </Group>
    </Stack>
  );
}
