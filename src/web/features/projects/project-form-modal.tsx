import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useNavigate } from "react-router";
import { createProjectSchema, PROJECT_STATUS_LABELS, PROJECT_STATUSES } from "#domain/schemas/projects.ts";
import { useCreateProject, usePeople, useTemplates } from "./use-projects.ts";

type Values = {
  name: string;
  description: string;
  status: string;
  ownerId: string | null;
  memberIds: string[];
  templateId: string | null;
  budget: number | string;
  budgetHours: number | string;
  startDate: string;
  dueDate: string;
  tags: string[];
};

const toIso = (date: string) => (date ? new Date(`${date}T12:00:00`).toISOString() : null);

/** "Novo Projeto": the real form (header button and the overview's button). */
export function ProjectFormModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const people = usePeople();
  const templates = useTemplates();
  const create = useCreateProject();
  const navigate = useNavigate();
  const form = useForm<Values>({
    initialValues: {
      name: "",
      description: "",
      status: "planejamento",
      ownerId: null,
      memberIds: [],
      templateId: null,
      budget: "",
      budgetHours: "",
      startDate: "",
      dueDate: "",
      tags: [],
    },
    validate: (values) => {
      const parsed = createProjectSchema.safeParse(toBody(values));
      if (parsed.success) return {};
      return Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? "name"), issue.message]));
    },
  });
  const options = (people.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  const submit = form.onSubmit(async (values) => {
    const result = await create.mutateAsync(toBody(values)).catch(() => null);
    if (!result) return;
    form.reset();
    onClose();
    navigate(`/app/projetos/visao-geral/${result.id}`);
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Novo Projeto" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Nome do projeto" required {...form.getInputProps("name")} data-autofocus />
          <Select
            label="Modelo"
            placeholder="Começar do zero"
            clearable
            data={(templates.data ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.taskCount} tarefas)` }))}
            {...form.getInputProps("templateId")}
          />
          <Group grow>
            <Select
              label="Status"
              data={PROJECT_STATUSES.map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] }))}
              {...form.getInputProps("status")}
            />
            <Select
              label="Responsável"
              placeholder="Você"
              searchable
              clearable
              data={options}
              {...form.getInputProps("ownerId")}
            />
          </Group>
          <MultiSelect label="Membros" searchable data={options} {...form.getInputProps("memberIds")} />
          <Group grow>
            <TextInput type="date" label="Início" {...form.getInputProps("startDate")} />
            <TextInput type="date" label="Entrega" {...form.getInputProps("dueDate")} />
          </Group>
          <Group grow>
            <NumberInput
              label="Orçamento (R$)"
              min={0}
              decimalScale={2}
              decimalSeparator=","
              thousandSeparator="."
              {...form.getInputProps("budget")}
            />
            <NumberInput label="Orçamento (horas)" min={0} {...form.getInputProps("budgetHours")} />
          </Group>
          <TagsInput label="Tags" {...form.getInputProps("tags")} />
          <Textarea label="Descrição" autosize minRows={2} {...form.getInputProps("description")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Criar projeto
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function toBody(v: Values) {
  return {
    name: v.name,
    description: v.description || null,
    status: v.status as (typeof PROJECT_STATUSES)[number],
    ownerId: v.ownerId,
    memberIds: v.memberIds,
    templateId: v.templateId,
    budgetCents: v.budget === "" ? 0 : Math.round(Number(v.budget) * 100),
    budgetHours: v.budgetHours === "" ? 0 : Number(v.budgetHours),
    startDate: toIso(v.startDate),
    dueDate: toIso(v.dueDate),
    tags: v.tags,
  };
}
