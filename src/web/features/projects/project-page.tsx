import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconPencil, IconPlayerPlay, IconPlus, IconTemplate, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { PROJECT_STATUS_LABELS } from "#domain/schemas/projects.ts";
import type { Task } from "#domain/schemas/tasks.ts";
import { ApiError } from "#web/lib/api.ts";
import { formatDate, formatMoney } from "#web/lib/format.ts";
import { usePermission } from "#web/lib/permissions.ts";
import { RecordAttachments } from "../attachments/record-attachments.tsx";
import { TaskBoard } from "../tasks/task-board.tsx";
import { TaskDrawer } from "../tasks/task-drawer.tsx";
import { TaskFormModal } from "../tasks/task-form-modal.tsx";
import { useLoadMoreColumn, useMoveTask, useTaskBoard } from "../tasks/use-tasks.ts";
import { useStartTimer } from "../time-tracking/use-time.ts";
import { ProjectFormModal } from "./project-form-modal.tsx";
import { formatMinutes, percent, STATUS_COLORS } from "./project-labels.ts";
import { notifyError, useDeleteProject, useProject, useSaveTemplate } from "./use-projects.ts";

/** A project's page: client, team, progress, budget burn and its task board. */
export default function ProjectPage() {
  const { projectId = "" } = useParams();
  const project = useProject(projectId);
  const filters = { projectId };
  const board = useTaskBoard(filters);
  const move = useMoveTask(filters);
  const more = useLoadMoreColumn(filters);
  const start = useStartTimer();
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<Task | null>(null);
  const canCreateTask = usePermission("projetos_tarefas", "create").isAllowed;
  const canEditProject = usePermission("projects", "edit").isAllowed;
  const [editing, setEditing] = useState(false);
  if (project.isLoading) return <Loader role="status" aria-label="Carregando projeto" />;
  if (project.isError || !project.data) return <Alert color="red">Projeto não encontrado.</Alert>;
  const p = project.data;
  const openTask = open ? (board.data?.columns.flatMap((c) => c.tasks).find((t) => t.id === open.id) ?? open) : null;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text component={Link} to="/app/projetos/visao-geral" size="sm" c="blue">
            ← Visão Geral
          </Text>
          <Group gap="sm">
            <Title order={2}>{p.name}</Title>
            <Badge color={STATUS_COLORS[p.status]} variant="light">
              {PROJECT_STATUS_LABELS[p.status]}
            </Badge>
          </Group>
          <Text c="dimmed">
            {p.company?.name ?? "Sem cliente"} · Responsável: {p.owner?.name ?? "—"}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            variant="light"
            loading={start.isPending}
            onClick={() => start.mutate({ projectId })}
          >
            Iniciar cronômetro
          </Button>
          {canCreateTask && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              Nova tarefa
            </Button>
          )}
          {canEditProject && (
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              Editar
            </Button>
          )}
          <ProjectMenu projectId={projectId} />
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <Stat
          label="Tarefas"
          value={`${p.tasksDone}/${p.tasksTotal} concluídas`}
          progress={percent(p.tasksDone, p.tasksTotal)}
        />
        <Stat
          label="Horas"
          value={`${formatMinutes(p.minutesUsed)}${p.budgetHours ? ` de ${p.budgetHours}h` : ""}`}
          progress={p.budgetHours ? percent(p.minutesUsed, p.budgetHours * 60) : undefined}
        />
        <Stat
          label="Orçamento"
          value={formatMoney(p.budgetCents / 100)}
          hint={`Consumido: ${formatMoney(p.costCents / 100)}`}
          progress={p.budgetCents ? percent(p.costCents, p.budgetCents) : undefined}
        />
        <Stat
          label="Prazo"
          value={p.dueDate ? formatDate(p.dueDate) : "Sem prazo"}
          hint={p.startDate ? `Início ${formatDate(p.startDate)}` : undefined}
        />
      </SimpleGrid>
      <Card withBorder>
        <Text fw={600} mb={4}>
          Equipe
        </Text>
        <Group gap={6}>
          {p.members.map((m) => (
            <Badge key={m.id} variant="outline">
              {m.name}
            </Badge>
          ))}
        </Group>
        {p.description && (
          <Text size="sm" mt="sm">
            {p.description}
          </Text>
        )}
      </Card>
      <div>
        <Title order={3} size="h4" mb="sm">
          Tarefas
        </Title>
        {board.isLoading ? (
          <Loader role="status" aria-label="Carregando tarefas" />
        ) : board.isError ? (
          <Alert color="red">Não foi possível carregar as tarefas.</Alert>
        ) : (
          <TaskBoard
            columns={board.data?.columns ?? []}
            onOpen={setOpen}
            onLoadMore={(status, cursor) => more.mutate({ status, cursor })}
            loadingStatus={more.isPending ? more.variables?.status : null}
            onMove={({ id, ...body }) => move.mutate({ id, body })}
          />
        )}
      </div>
      <TaskFormModal opened={adding} onClose={() => setAdding(false)} projectId={projectId} />
      <TaskDrawer task={openTask} onClose={() => setOpen(null)} />
      {editing && <ProjectFormModal opened onClose={() => setEditing(false)} project={p} />}
      <Card withBorder>
        <Text fw={600} mb="xs">
          Anexos
        </Text>
        <RecordAttachments recordType="project" recordId={projectId} canEdit={canEditProject} />
      </Card>
    </Stack>
  );
}

function Stat({ label, value, hint, progress }: { label: string; value: string; hint?: string; progress?: number }) {
  return (
    <Card withBorder>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
      {progress !== undefined && <Progress value={progress} mt={6} size="sm" aria-label={label} />}
    </Card>
  );
}

/** Save as template; delete (asks again when the project has time entries, which are kept). */
function ProjectMenu({ projectId }: { projectId: string }) {
  const navigate = useNavigate();
  const remove = useDeleteProject(projectId);
  const save = useSaveTemplate(projectId);
  const canDelete = usePermission("projects", "delete").isAllowed;
  const [confirm, setConfirm] = useState<string | null>(null);
  const [templateName, setTemplateName] = useState<string | null>(null);
  const tryDelete = (confirmed: boolean) =>
    remove.mutate(confirmed, {
      onSuccess: () => navigate("/app/projetos/visao-geral"),
      onError: (error) =>
        error instanceof ApiError && error.status === 409 ? setConfirm(error.message) : notifyError(error),
    });
  return (
    <>
      <Button variant="default" leftSection={<IconTemplate size={16} />} onClick={() => setTemplateName("")}>
        Salvar como modelo
      </Button>
      {canDelete && (
        <Button
          color="red"
          variant="subtle"
          leftSection={<IconTrash size={16} />}
          onClick={() => setConfirm("Excluir este projeto e suas tarefas?")}
        >
          Excluir
        </Button>
      )}
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title="Excluir projeto">
        <Text mb="md">{confirm}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirm(null)}>
            Cancelar
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => tryDelete(Boolean(confirm?.includes("Confirme")))}
          >
            Excluir
          </Button>
        </Group>
      </Modal>
      <Modal opened={templateName !== null} onClose={() => setTemplateName(null)} title="Salvar como modelo">
        <TextInput
          label="Nome do modelo"
          value={templateName ?? ""}
          onChange={(e) => setTemplateName(e.currentTarget.value)}
        />
        <Group justify="flex-end" mt="md">
          <Button
            loading={save.isPending}
            disabled={!templateName?.trim()}
            onClick={() => save.mutate(templateName ?? "", { onSuccess: () => setTemplateName(null) })}
          >
            Salvar
          </Button>
        </Group>
      </Modal>
    </>
  );
}
