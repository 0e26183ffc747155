import { Alert, Button, Group, Loader, SegmentedControl, Select, Stack, Switch } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import {
  type Task,
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
} from "#domain/schemas/tasks.ts";
import { usePermission } from "#web/lib/permissions.ts";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { usePeople, useProjects } from "../projects/use-projects.ts";
import { SectionAccess } from "../sections/section-access.tsx";
import { SectionHeader } from "../sections/section-header.tsx";
import { TaskBoard } from "./task-board.tsx";
import { TaskDrawer } from "./task-drawer.tsx";
import { TaskFormModal } from "./task-form-modal.tsx";
import { TaskList } from "./task-list.tsx";
import { type TaskFilters, useLoadMoreColumn, useMoveTask, useTaskBoard, useTaskList } from "./use-tasks.ts";

/** Projetos › Tarefas: "minhas tarefas", filters, list or Kanban (issue 17 §2). */
export default function TasksPage() {
  const screen = useCurrentScreen();
  const [filters, setFilters] = useState<TaskFilters>({ mine: true });
  const [view, setView] = useState<"lista" | "quadro">("lista");
  const [open, setOpen] = useState<Task | null>(null);
  const [adding, setAdding] = useState(false);
  const list = useTaskList(filters, view === "lista");
  const board = useTaskBoard(filters, view === "quadro");
  const move = useMoveTask(filters);
  const more = useLoadMoreColumn(filters);
  const projects = useProjects();
  const people = usePeople();
  const canCreate = usePermission("projetos_tarefas", "create").isAllowed;
  const projectOptions = (projects.data?.pages.flatMap((p) => p.projects) ?? []).map((p) => ({
    value: p.id,
    label: p.name,
  }));
  const set = (patch: Partial<TaskFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const shown = view === "lista" ? list : board;
  const loaded = [
    ...(list.data?.pages.flatMap((p) => p.tasks) ?? []),
    ...(board.data?.columns.flatMap((c) => c.tasks) ?? []),
  ];
  const openTask = open ? (loaded.find((t) => t.id === open.id) ?? open) : null;
  return (
    <SectionAccess screen={screen}>
      <SectionHeader
        title="Tarefas"
        description="Quadro de tarefas da equipe"
        actions={
          canCreate && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              Nova tarefa
            </Button>
          )
        }
      />
      <Stack gap="sm" mb="md">
        <Group gap="sm" wrap="wrap">
          <Switch
            label="Minhas tarefas"
            checked={Boolean(filters.mine)}
            onChange={(e) => set({ mine: e.currentTarget.checked, assigneeId: undefined })}
          />
          <SegmentedControl
            value={view}
            onChange={(v) => setView(v as "lista" | "quadro")}
            data={[
              { value: "lista", label: "Lista" },
              { value: "quadro", label: "Quadro" },
            ]}
          />
        </Group>
        <Group gap="sm" wrap="wrap">
          <Select
            aria-label="Projeto"
            placeholder="Todos os projetos"
            clearable
            searchable
            data={projectOptions}
            value={filters.projectId ?? null}
            onChange={(v) => set({ projectId: v ?? undefined })}
          />
          {!filters.mine && (
            <Select
              aria-label="Responsável"
              placeholder="Todos os responsáveis"
              clearable
              searchable
              data={(people.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              value={filters.assigneeId ?? null}
              onChange={(v) => set({ assigneeId: v ?? undefined })}
            />
          )}
          <Select
            aria-label="Status"
            placeholder="Todos os status"
            clearable
            data={TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }))}
            value={filters.status ?? null}
            onChange={(v) => set({ status: v ?? undefined })}
          />
          <Select
            aria-label="Prioridade"
            placeholder="Todas as prioridades"
            clearable
            data={TASK_PRIORITIES.map((p) => ({ value: p, label: TASK_PRIORITY_LABELS[p] }))}
            value={filters.priority ?? null}
            onChange={(v) => set({ priority: v ?? undefined })}
          />
          <Select
            aria-label="Prazo"
            placeholder="Qualquer prazo"
            clearable
            data={[
              { value: "overdue", label: "Atrasadas" },
              { value: "week", label: "Próximos 7 dias" },
              { value: "none", label: "Sem prazo" },
            ]}
            value={filters.due ?? null}
            onChange={(v) => set({ due: v ?? undefined })}
          />
        </Group>
      </Stack>
      {shown.isLoading ? (
        <Loader role="status" aria-label="Carregando tarefas" />
      ) : shown.isError ? (
        <Alert color="red">Não foi possível carregar as tarefas.</Alert>
      ) : view === "quadro" ? (
        <TaskBoard
          columns={board.data?.columns ?? []}
          showProject
          onOpen={setOpen}
          onLoadMore={(status, cursor) => more.mutate({ status, cursor })}
          loadingStatus={more.isPending ? more.variables?.status : null}
          onMove={({ id, status, afterId, beforeId }) =>
            // Across projects, neighbours belong to other boards: only the column changes.
            move.mutate({
              id,
              body: filters.projectId ? { status, afterId, beforeId } : { status, afterId: null, beforeId: null },
            })
          }
        />
      ) : (
        <TaskList list={list} onOpen={setOpen} />
      )}
      <TaskFormModal
        opened={adding}
        onClose={() => setAdding(false)}
        projects={projectOptions.map((o) => ({ id: o.value, name: o.label }))}
      />
      <TaskDrawer task={openTask} onClose={() => setOpen(null)} />
    </SectionAccess>
  );
}
