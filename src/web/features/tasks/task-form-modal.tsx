import { Button, Checkbox, Group, Modal, MultiSelect, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  createTaskSchema,
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_RECURRENCE_LABELS,
} from "#domain/schemas/tasks.ts";
import { usePeople } from "../projects/use-projects.ts";
import { useCreateTask } from "./use-tasks.ts";

type Values = {
  projectId: string | null;
  title: string;
  description: string;
  assigneeIds: string[];
  priority: string;
  dueDate: string;
  recurrence: string | null;
  milestone: boolean;
};

/** "Nova tarefa" in a project (or with a project picker when `projects` is given). */
export function TaskFormModal({
  opened,
  onClose,
  projectId,
  projects,
}: {
  opened: boolean;
  onClose(): void;
  projectId?: string;
  projects?: { id: string; name: string }[];
}) {
  const people = usePeople();
  const create = useCreateTask();
  const form = useForm<Values>({
    initialValues: {
      projectId: projectId ?? null,
      title: "",
      description: "",
      assigneeIds: [],
      priority: "media",
      dueDate: "",
      recurrence: null,
      milestone: false,
    },
    validate: (values) => {
      const parsed = createTaskSchema.safeParse(toBody(values, projectId));
      return parsed.success
        ? {}
        : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "title"), i.message]));
    },
  });
  const submit = form.onSubmit(async (values) => {
    const ok = await create.mutateAsync(createTaskSchema.parse(toBody(values, projectId))).catch(() => null);
    if (!ok) return;
    form.reset();
    onClose();
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Nova tarefa" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {!projectId && (
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
          <Checkbox label="Marco do projeto" {...form.getInputProps("milestone", { type: "checkbox" })} />
          <Textarea label="Descrição" autosize minRows={2} {...form.getInputProps("description")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Criar tarefa
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function toBody(v: Values, projectId?: string) {
  return {
    projectId: projectId ?? v.projectId ?? "",
    title: v.title,
    description: v.description || null,
    assigneeIds: v.assigneeIds,
    priority: v.priority as (typeof TASK_PRIORITIES)[number],
    dueDate: v.dueDate ? new Date(`${v.dueDate}T18:00:00`).toISOString() : null,
    recurrence: (v.recurrence as "weekly" | "monthly" | null) ?? null,
    milestone: v.milestone,
  };
}
