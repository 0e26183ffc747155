import { Badge, Button, Drawer, Group, MultiSelect, Select, Stack, Text, Textarea } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { type Task, TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, TASK_STATUSES } from "#domain/schemas/tasks.ts";
import { formatDate, formatDateTime } from "#web/lib/format.ts";
import { usePermission } from "#web/lib/permissions.ts";
import { RecordAttachments } from "../attachments/record-attachments.tsx";
import { usePeople } from "../projects/use-projects.ts";
import { useStartTimer } from "../time-tracking/use-time.ts";
import { TaskChecklist } from "./task-checklist.tsx";
import { TaskFormModal } from "./task-form-modal.tsx";
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
  const canEdit = usePermission("projetos_tarefas", "edit").isAllowed;
  const [editing, editor] = useDisclosure(false);
  const options = (people.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Text c="dimmed">{task.projectName ?? "Sem projeto"}</Text>
        {canEdit && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            onClick={editor.open}
            style={{ flexShrink: 0 }}
          >
            Editar
          </Button>
        )}
      </Group>
      {task.description && (
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
          {task.description}
        </Text>
      )}
      <TaskFacts task={task} />
      <Select
        label="Status"
        data={TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }))}
        value={task.status}
        onChange={(status) => status && update.mutate({ task, body: { status: status as Task["status"] } })}
      />
      <MultiSelect
        label="Responsáveis"
        data={options}
        value={task.assignees.map((a) => a.id)}
        onChange={(assigneeIds) => update.mutate({ task, body: { assigneeIds } })}
      />
      <TaskChecklist task={task} />
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
      <Stack gap={4}>
        <Text fw={600} size="sm">
          Anexos
        </Text>
        <RecordAttachments recordType="task" recordId={task.id} canEdit={canEdit} />
      </Stack>
      <Comments task={task} options={options} />
      {/* Mounted on each opening: the form starts from the task as it is now, and saves against that version. */}
      {canEdit && editing && <TaskFormModal opened onClose={editor.close} task={task} />}
    </Stack>
  );
}

/** Priority, due date and what the task waits for, as read-only lines (Editar changes them). */
function TaskFacts({ task }: { task: Task }) {
  const waitsFor = task.dependsOn.map((t) => t.title);
  return (
    <Stack gap={2}>
      <Text size="sm">
        Prioridade: <b>{TASK_PRIORITY_LABELS[task.priority]}</b>
        {task.dueDate && (
          <>
            {" · "}Prazo:{" "}
            <Text span c={task.isOverdue ? "red.8" : undefined} fw={task.isOverdue ? 600 : undefined}>
              {task.isOverdue ? `Atrasada · ${formatDate(task.dueDate)}` : formatDate(task.dueDate)}
            </Text>
          </>
        )}
      </Text>
      {waitsFor.length > 0 && <Text size="sm">Depende de: {waitsFor.join(", ")}</Text>}
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
