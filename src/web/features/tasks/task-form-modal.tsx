import { Button, Checkbox, Group, Modal, MultiSelect, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import {
  createTaskSchema,
  type Task,
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_RECURRENCE_LABELS,
  updateTaskSchema,
} from "#domain/schemas/tasks.ts";
import { ApiError } from "#web/lib/api.ts";
import { usePeople } from "../projects/use-projects.ts";
import { TaskDependencySelect } from "./task-dependency-select.tsx";
import { useCreateTask, useUpdateTask } from "./use-tasks.ts";

type Values = {
  projectId: string | null;
  title: string;
  description: string;
  assigneeIds: string[];
  priority: string;
  dueDate: string;
  recurrence: string | null;
  milestone: boolean;
  dependsOnIds: string[];
};

/**
 * "Nova tarefa" in a project (or with a project picker when `projects` is given), or, given
 * `task`, "Editar tarefa" with its values, saved through the same schema the server checks.
 */
export function TaskFormModal({
  opened,
  onClose,
  projectId,
  projects,
  task,
}: {
  opened: boolean;
  onClose(): void;
  projectId?: string;
  projects?: { id: string; name: string }[];
  task?: Task;
}) {
  const people = usePeople();
  const create = useCreateTask();
  const update = useUpdateTask();
  const fixedProjectId = task?.projectId ?? projectId;
  // The version the form's values came from (the task prop follows later reloads; the values do not).
  const [seen] = useState(task && { id: task.id, version: task.version });
  const schema = task ? updateTaskSchema : createTaskSchema;
  const form = useForm<Values>({
    initialValues: task ? valuesOf(task) : emptyValues(projectId),
    validate: (values) => {
      const parsed = schema.safeParse(toBody(values, fixedProjectId));
      return parsed.success
        ? {}
        : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "title"), i.message]));
    },
  });
  const submit = form.onSubmit(async (values) => {
    const saving = task
      ? update.mutateAsync({ task: seen ?? task, body: updateTaskSchema.parse(toBody(values, fixedProjectId)) })
      : create.mutateAsync(createTaskSchema.parse(toBody(values, fixedProjectId)));
    // The mutation's onError has told the user why; the form stays open with what they typed,
    // unless someone else changed the task: then it closes on the reloaded task, to be edited anew.
    const saved = await saving.then(
      () => true,
      (error) => error instanceof ApiError && error.status === 409,
    );
    if (!saved) return;
    if (!task) form.reset();
    onClose();
  });
  return (
    <Modal opened={opened} onClose={onClose} title={task ? "Editar tarefa" : "Nova tarefa"} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {!fixedProjectId && (
            <Select
              label="Projeto"
              required
              searchable
              data={(projects ?? []).map((p) => ({ value: p.id, label: p.name }))}
              {...form.getInputProps("projectId")}
            />
          )}
          <TextInput label="Título" required data-autofocus {...form.getInputProps("title")} />
          <MultiSelect
            label="Responsáveis"
            searchable
            data={(people.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            {...form.getInputProps("assigneeIds")}
          />
          <Group grow>
            <Select
              label="Prioridade"
              data={TASK_PRIORITIES.map((p) => ({ value: p, label: TASK_PRIORITY_LABELS[p] }))}
              {...form.getInputProps("priority")}
            />
            <TextInput type="date" label="Prazo" {...form.getInputProps("dueDate")} />
            <Select
              label="Repetir"
              placeholder="Não repete"
              clearable
              data={Object.entries(TASK_RECURRENCE_LABELS).map(([value, label]) => ({ value, label }))}
              {...form.getInputProps("recurrence")}
            />
          </Group>
          <TaskDependencySelect
            projectId={form.values.projectId ?? undefined}
            taskId={task?.id}
            current={task?.dependsOn ?? []}
            enabled={opened}
            value={form.values.dependsOnIds}
            onChange={(ids) => form.setFieldValue("dependsOnIds", ids)}
            error={form.errors.dependsOnIds}
          />
          <Checkbox label="Marco do projeto" {...form.getInputProps("milestone", { type: "checkbox" })} />
          <Textarea label="Descrição" autosize minRows={2} {...form.getInputProps("description")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {task ? "Salvar" : "Criar tarefa"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function emptyValues(projectId?: string): Values {
  return {
    projectId: projectId ?? null,
    title: "",
    description: "",
    assigneeIds: [],
    priority: "media",
    dueDate: "",
    recurrence: null,
    milestone: false,
    dependsOnIds: [],
  };
}

function valuesOf(task: Task): Values {
  return {
    projectId: task.projectId,
    title: task.title,
    description: task.description ?? "",
    assigneeIds: task.assignees.map((a) => a.id),
    priority: task.priority,
    dueDate: task.dueDate ? localDay(new Date(task.dueDate)) : "",
    recurrence: task.recurrence,
    milestone: task.milestone,
    dependsOnIds: task.dependsOnIds,
  };
}

/** yyyy-mm-dd of the day the user sees (the date input's value), not of UTC. */
function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function toBody(v: Values, projectId?: string) {
  return {
    projectId: projectId ?? v.projectId ?? "",
    title: v.title,
    description: v.description || null,
    assigneeIds: v.assigneeIds,
    priority: v.priority as (typeof TASK_PRIORITIES)[number],
    // 18:00 local: a due day ends at the close of business, not at midnight UTC.
    dueDate: v.dueDate ? new Date(`${v.dueDate}T18:00:00`).toISOString() : null,
    recurrence: (v.recurrence as "weekly" | "monthly" | null) ?? null,
    milestone: v.milestone,
    dependsOnIds: v.dependsOnIds,
  };
}
