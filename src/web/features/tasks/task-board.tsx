import {
  closestCorners,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Badge, Button, Group, Paper, ScrollArea, Stack, Text } from "@mantine/core";
import {
  type Task,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  type TaskColumn,
  type TaskStatus,
} from "#domain/schemas/tasks.ts";
import { boardAccessibility } from "#web/lib/board-accessibility.ts";
import { TaskCard } from "./task-card.tsx";
import { countLabel } from "#domain/count-label.ts";

type Move = { id: string; status: TaskStatus; afterId: string | null; beforeId: string | null };

/**
 * Kanban by status with dnd-kit (pointer and keyboard: space to lift, arrows, space to drop). Each
 * column shows the cards loaded so far (50 at a time, "Carregar mais") and its whole count.
 */
export function TaskBoard({
  columns: board,
  onMove,
  onOpen,
  onLoadMore,
  loadingStatus,
  showProject,
}: {
  columns: TaskColumn[];
  onMove(move: Move): void;
  onOpen(task: Task): void;
  onLoadMore(status: TaskStatus, cursor: string): void;
  loadingStatus?: TaskStatus | null;
  showProject?: boolean;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const tasks = board.flatMap((c) => c.tasks);
  const columnOf = (status: TaskStatus) => board.find((c) => c.status === status);
  const columns = Object.fromEntries(TASK_STATUSES.map((s) => [s, columnOf(s)?.tasks ?? []])) as Record<
    TaskStatus,
    Task[]
  >;
  const statusOf = (id: string): TaskStatus | undefined =>
    (TASK_STATUSES as readonly string[]).includes(id) ? (id as TaskStatus) : tasks.find((t) => t.id === id)?.status;
  const onDragEnd = (event: DragEndEvent) => {
    const overId = event.over?.id ? String(event.over.id) : null;
    if (!overId || overId === event.active.id) return;
    const status = statusOf(overId);
    if (!status) return;
    const column = columns[status].filter((t) => t.id !== event.active.id);
    const index = (TASK_STATUSES as readonly string[]).includes(overId)
      ? column.length
      : column.findIndex((t) => t.id === overId);
    onMove({
      id: String(event.active.id),
      status,
      afterId: column[index - 1]?.id ?? null,
      beforeId: column[index]?.id ?? null,
    });
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragEnd={onDragEnd}
      accessibility={boardAccessibility({
        item: (id) => `Tarefa ${tasks.find((t) => t.id === id)?.title ?? ""}`,
        itemGender: "feminine",
        column: (id) => {
          const status = statusOf(String(id));
          return status && TASK_STATUS_LABELS[status];
        },
      })}
    >
      <ScrollArea type="auto" offsetScrollbars>
        <Group align="flex-start" wrap="nowrap" gap="md" pb="sm">
          {TASK_STATUSES.map((status) => (
            <Column
              key={status}
              status={status}
              tasks={columns[status]}
              count={columnOf(status)?.count ?? columns[status].length}
              nextCursor={columnOf(status)?.nextCursor ?? null}
              loading={loadingStatus === status}
              onLoadMore={onLoadMore}
              onOpen={onOpen}
              showProject={showProject}
            />
          ))}
        </Group>
      </ScrollArea>
    </DndContext>
  );
}

function Column({
  status,
  tasks,
  count,
  nextCursor,
  loading,
  onLoadMore,
  onOpen,
  showProject,
}: {
  status: TaskStatus;
  tasks: Task[];
  count: number;
  nextCursor: string | null;
  loading: boolean;
  onLoadMore(status: TaskStatus, cursor: string): void;
  onOpen(task: Task): void;
  showProject?: boolean;
}) {
  const { setNodeRef } = useDroppable({ id: status });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      bg="gray.0"
      p="sm"
      w={280}
      miw={260}
      radius="md"
      data-testid={`column-${status}`}
      aria-label={TASK_STATUS_LABELS[status]}
    >
      <Group justify="space-between" mb="sm">
        <Text fw={600} size="sm">
          {TASK_STATUS_LABELS[status]}
        </Text>
        <Badge variant="light" size="sm" aria-label={countLabel(count, "tarefa", "tarefas")}>
          {count}
        </Badge>
      </Group>
      <SortableContext items={tasks.map((t) => t.id)} strategy={verticalListSortingStrategy}>
        <Stack gap="xs" mih={60}>
          {tasks.map((task) => (
            <SortableCard key={task.id} task={task} onOpen={onOpen} showProject={showProject} />
          ))}
        </Stack>
      </SortableContext>
      {nextCursor && (
        <Stack gap={4} mt="xs" align="center">
          <Text size="xs" c="dimmed">
            Mostrando {tasks.length} de {count}
          </Text>
          <Button
            variant="subtle"
            size="xs"
            loading={loading}
            onClick={() => onLoadMore(status, nextCursor)}
            aria-label={`Carregar mais tarefas em ${TASK_STATUS_LABELS[status]}`}
          >
            Carregar mais
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

function SortableCard({ task, onOpen, showProject }: { task: Task; onOpen(task: Task): void; showProject?: boolean }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: task.id });
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.5 : 1 }}
      {...attributes}
      {...listeners}
    >
      <TaskCard task={task} onOpen={onOpen} showProject={showProject} />
    </div>
  );
}
