import { Badge, Button, Checkbox, Drawer, Group, MultiSelect, Select, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { type Task, TASK_STATUS_LABELS, TASK_STATUSES } from "#domain/schemas/tasks.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { usePeople } from "../projects/use-projects.ts";
import { useStartTimer } from "../time-tracking/use-time.ts";
import { useAddComment, useComments, useUpdateTask } from "./use-tasks.ts";

/** A task's details: status, assignees, checklist, comments with @mentions, start a timer. */
export function TaskDrawer({ task, onClose }: { task: Task | null; onClose(): void }) {
  return (
    <Drawer opened={Boolean(task)} onClose={onClose} position="right" size="md" title={task?.title ?? ""}>
      {task && <TaskDetails key={task.id} task={task} />}
    </Drawer>
  );
}

function TaskDetails({ task }: { task: Task }) {
  const people = usePeople();
  const update = useUpdateTask();
  const start = useStartTimer();
  const options = (people.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  return (
    <Stack gap="md">
      {task.projectName && <Text c="dimmed">{task.projectName}</Text>}
      {task.description && <Text size="sm">{task.description}</Text>}
      <Select
        label="Status"
        data={TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }))}
        value={task.status}
        onChange={(status) => status && update.mutate({ id: task.id, body: { status: status as Task["status"] } })}
      />
      <MultiSelect
        label="Responsáveis"
        data={options}
        value={task.assignees.map((a) => a.id)}
        onChange={(assigneeIds) => update.mutate({ id: task.id, body: { assigneeIds } })}
      />
      {task.checklist.length > 0 && (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            Checklist
          </Text>
          {task.checklist.map((item) => (
            <Checkbox
              key={item.id}
              label={item.text}
              checked={item.done}
              onChange={(e) =>
                update.mutate({
                  id: task.id,
                  body: {
                    checklist: task.checklist.map((i) =>
                      i.id === item.id ? { ...i, done: e.currentTarget.checked } : i,
                    ),
                  },
                })
              }
            />
          ))}
        </Stack>
      )}
      {task.recurrence && (
        <Badge variant="light">{task.recurrence === "weekly" ? "Repete toda semana" : "Repete todo mês"}</Badge>
      )}
      {task.projectId && (
        <Button
          variant="light"
          loading={start.isPending}
          onClick={() => start.mutate({ projectId: task.projectId ?? "", taskId: task.id })}
        >
          Iniciar cronômetro nesta tarefa
        </Button>
      )}
      <Comments task={task} options={options} />
    </Stack>
  );
}

function Comments({ task, options }: { task: Task; options: { value: string; label: string }[] }) {
  const comments = useComments(task.id);
  const add = useAddComment(task.id);
  const [body, setBody] = useState("");
  const [mentionIds, setMentionIds] = useState<string[]>([]);
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Comentários
      </Text>
      {comments.isLoading && <Text size="sm">Carregando...</Text>}
      {comments.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          Nenhum comentário ainda.
        </Text>
      )}
      {comments.data?.map((c) => (
        <Stack key={c.id} gap={0}>
          <Text size="xs" c="dimmed">
            {c.author?.name ?? "Usuário removido"} · {formatDateTime(c.createdAt)}
          </Text>
          <Text size="sm">{c.body}</Text>
        </Stack>
      ))}
      <Textarea
        label="Novo comentário"
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
        autosize
        minRows={2}
      />
      <MultiSelect label="Mencionar (@)" data={options} value={mentionIds} onChange={setMentionIds} searchable />
      <Group justify="flex-end">
        <Button
          size="xs"
          disabled={!body.trim()}
          loading={add.isPending}
          onClick={() =>
            add.mutate(
              {
                body: `${mentionIds.map((id) => `@${options.find((o) => o.value === id)?.label ?? ""}`).join(" ")} ${body}`.trim(),
                mentionIds,
              },
              {
                onSuccess: () => {
                  setBody("");
                  setMentionIds([]);
                },
              },
            )
          }
        >
          Comentar
        </Button>
      </Group>
    </Stack>
  );
}
