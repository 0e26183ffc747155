import { Button, Group, Modal, MultiSelect, Select, Stack, TagsInput, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useNavigate } from "react-router";
import { parseReaisToCents } from "#domain/money.ts";
import { BrNumberInput } from "#web/lib/br-number-input.tsx";
import {
  createProjectSchema,
  type ProjectDetail,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  updateProjectSchema,
} from "#domain/schemas/projects.ts";
import { MoneyInput } from "../finance/money-input.tsx";
import { ClientCompanySelect } from "./client-company-select.tsx";
import { useCreateProject, usePeople, useTemplates, useUpdateProject } from "./use-projects.ts";
import { countLabel } from "#domain/count-label.ts";

type Values = {
  name: string;
  description: string;
  status: string;
  companyId: string | null;
  ownerId: string | null;
  memberIds: string[];
  templateId: string | null;
  budget: number | string;
  budgetHours: number | string;
  hourlyRate: number | string;
  startDate: string;
  dueDate: string;
  tags: string[];
};

const toIso = (date: string) => (date ? new Date(`${date}T12:00:00`).toISOString() : null);

/** "Novo Projeto" (header button and the overview's button), or, given `project`, "Editar projeto". */
export function ProjectFormModal({
  opened,
  onClose,
  project,
}: {
  opened: boolean;
  onClose(): void;
  project?: ProjectDetail;
}) {
  const people = usePeople();
  const templates = useTemplates();
  const create = useCreateProject();
  const update = useUpdateProject(project?.id ?? "");
  const navigate = useNavigate();
  const schema = project ? updateProjectSchema : createProjectSchema;
  const form = useForm<Values>({
    initialValues: project ? valuesOf(project) : EMPTY,
    validate: (values) => {
      const parsed = schema.safeParse(toBody(values));
      if (parsed.success) return {};
      return Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? "name"), issue.message]));
    },
  });
  const options = (people.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  /** A money field of the form (kept in reais) through MoneyInput, which types safely in centavos. */
  const moneyField = (field: "budget" | "hourlyRate") => {
    const { value, onChange, ...rest } = form.getInputProps(field);
    const onCents = (next: number | null) => onChange(next === null ? "" : next / 100);
    return { ...rest, cents: cents(value), onCents };
  };
  const submit = form.onSubmit(async (values) => {
    // On failure the mutation has told the user why; the form stays open with what they typed.
    if (project) {
      const saved = await update.mutateAsync(toBody(values)).catch(() => null);
      if (saved) onClose();
      return;
    }
    const result = await create.mutateAsync({ ...toBody(values), templateId: values.templateId }).catch(() => null);
    if (!result) return;
    form.reset();
    onClose();
    navigate(`/app/projetos/visao-geral/${result.id}`);
  });
  return (
    <Modal opened={opened} onClose={onClose} title={project ? "Editar projeto" : "Novo Projeto"} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Nome do projeto" required {...form.getInputProps("name")} data-autofocus />
          {!project && (
            <Select
              label="Modelo"
              placeholder="Começar do zero"
              clearable
              data={(templates.data ?? []).map((t) => ({
                value: t.id,
                label: `${t.name} (${countLabel(t.taskCount, "tarefa", "tarefas")})`,
              }))}
              {...form.getInputProps("templateId")}
            />
          )}
          <ClientCompanySelect
            value={form.values.companyId}
            current={project?.company ?? null}
            onChange={(id) => form.setFieldValue("companyId", id)}
            error={form.errors.companyId}
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
            <MoneyInput label="Orçamento (R$)" {...moneyField("budget")} />
            <BrNumberInput label="Orçamento (horas)" min={0} {...form.getInputProps("budgetHours")} />
            <MoneyInput
              label="Valor/hora (R$)"
              title="O valor/hora do projeto prevalece sobre o de cada pessoa"
              {...moneyField("hourlyRate")}
            />
          </Group>
          <TagsInput label="Tags" {...form.getInputProps("tags")} />
          <Textarea label="Descrição" autosize minRows={2} {...form.getInputProps("description")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {project ? "Salvar" : "Criar projeto"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const EMPTY: Values = {
  name: "",
  description: "",
  status: "planejamento",
  companyId: null,
  ownerId: null,
  memberIds: [],
  templateId: null,
  budget: "",
  budgetHours: "",
  hourlyRate: "",
  startDate: "",
  dueDate: "",
  tags: [],
};

function valuesOf(p: ProjectDetail): Values {
  return {
    name: p.name,
    description: p.description ?? "",
    status: p.status,
    companyId: p.company?.id ?? null,
    ownerId: p.owner?.id ?? null,
    memberIds: p.members.map((m) => m.id),
    templateId: null,
    budget: p.budgetCents / 100,
    budgetHours: p.budgetHours,
    hourlyRate: p.hourlyRateCents === null ? "" : p.hourlyRateCents / 100,
    startDate: p.startDate?.slice(0, 10) ?? "",
    dueDate: p.dueDate?.slice(0, 10) ?? "",
    tags: p.tags,
  };
}

const cents = (reais: number | string) => (reais === "" ? null : parseReaisToCents(reais));

function toBody(v: Values) {
  return {
    name: v.name,
    description: v.description || null,
    status: v.status as (typeof PROJECT_STATUSES)[number],
    companyId: v.companyId,
    ownerId: v.ownerId,
    memberIds: v.memberIds,
    budgetCents: cents(v.budget) ?? 0,
    budgetHours: v.budgetHours === "" ? 0 : Number(v.budgetHours),
    hourlyRateCents: cents(v.hourlyRate),
    startDate: toIso(v.startDate),
    dueDate: toIso(v.dueDate),
    tags: v.tags,
  };
}
