import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { okSchema } from "#domain/schemas/projects.ts";
import type {
  CreateTaskBody,
  commentsSchema,
  MoveTaskBody,
  Task,
  TaskBoardData,
  TaskStatus,
  taskBoardSchema,
  taskCreatedSchema,
  taskMovedSchema,
  tasksSchema,
  UpdateTaskBody,
} from "#domain/schemas/tasks.ts";
import { type AnswerOf, ApiError, api } from "#web/lib/api.ts";
import { notifyError, notifyOk, PROJECTS_KEY } from "../projects/use-projects.ts";
import { movedOnBoard } from "./moved-on-board.ts";

export type TaskFilters = {
  projectId?: string;
  assigneeId?: string;
  mine?: boolean;
  status?: string;
  priority?: string;
  due?: string;
};
const TASKS_KEY = ["tasks"] as const;
const boardKey = (filters: TaskFilters) => [...TASKS_KEY, "board", filters] as const;

const queryOf = (filters: TaskFilters & { q?: string; cursor?: string }) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  return params.toString();
};

/** A list by due date, 50 at a time ("Carregar mais" asks the next page by its cursor). */
export function useTaskList(filters: TaskFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...TASKS_KEY, "list", filters],
    queryFn: ({ pageParam }) =>
      api<AnswerOf<typeof tasksSchema>>(`/api/tasks?${queryOf({ ...filters, cursor: pageParam })}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

/** A project's tasks whose title holds `q` (first page): the dependency picker's options. */
export function useTaskSearch(projectId: string | undefined, q: string, enabled = true) {
  return useQuery({
    queryKey: [...TASKS_KEY, "search", projectId, q],
    queryFn: () => api<AnswerOf<typeof tasksSchema>>(`/api/tasks?${queryOf({ projectId, q })}`).then((r) => r.tasks),
    enabled: enabled && Boolean(projectId),
  });
}

/** A board's first load: each column's first 50 cards and its count. */
export function useTaskBoard(filters: TaskFilters, enabled = true) {
  return useQuery({
    queryKey: boardKey(filters),
    queryFn: () => api<AnswerOf<typeof taskBoardSchema>>(`/api/tasks/board?${queryOf(filters)}`),
    enabled,
  });
}

/** "Carregar mais" of a board column: its next 50 cards, appended to the cached board. */
export function useLoadMoreColumn(filters: TaskFilters) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ status, cursor }: { status: TaskStatus; cursor: string }) =>
      api<AnswerOf<typeof tasksSchema>>(`/api/tasks/board/column?${queryOf({ ...filters, status, cursor })}`),
    onSuccess: (page, { status }) =>
      queryClient.setQueryData<TaskBoardData>(boardKey(filters), (board) =>
        board
          ? {
              columns: board.columns.map((c) =>
                c.status === status
                  ? {
                      ...c,
                      tasks: [...c.tasks, ...page.tasks.filter((t) => !c.tasks.some((known) => known.id === t.id))],
                      nextCursor: page.nextCursor,
                    }
                  : c,
              ),
            }
          : board,
      ),
    onError: notifyError,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
      queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
    ]);
}

export function useCreateTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateTaskBody) => api<AnswerOf<typeof taskCreatedSchema>>("/api/tasks", { body }),
    onSuccess: () => {
      notifyOk("Tarefa criada.");
      return refresh();
    },
    onError: notifyError,
  });
}

/**
 * An edit of the task as the user saw it: its version goes along, so a change someone else saved
 * meanwhile is not overwritten (409); the task is then reloaded, the message says to redo the change.
 */
export function useUpdateTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ task, body }: { task: Pick<Task, "id" | "version">; body: UpdateTaskBody }) =>
      api<AnswerOf<typeof okSchema>>(`/api/tasks/${task.id}`, {
        method: "PATCH",
        body: { ...body, version: task.version },
      }),
    onSuccess: refresh,
    onError: (error) => {
      notifyError(error);
      if (error instanceof ApiError && error.status === 409) void refresh();
    },
  });
}

/**
 * A drop on the board: the card moves at once in the cached board (the pages of its columns loaded
 * so far stay), then takes the server's key; a refusal puts the board back and reloads it.
 */
export function useMoveTask(filters: TaskFilters) {
  const queryClient = useQueryClient();
  const key = boardKey(filters);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MoveTaskBody }) =>
      api<AnswerOf<typeof taskMovedSchema>>(`/api/tasks/${id}/move`, { body }),
    onMutate: async ({ id, body }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<TaskBoardData>(key);
      if (before) queryClient.setQueryData(key, movedOnBoard(before, id, body));
      return { before };
    },
    onSuccess: ({ position }, { id }) =>
      queryClient.setQueryData<TaskBoardData>(key, (board) =>
        board
          ? {
              columns: board.columns.map((c) => ({
                ...c,
                tasks: c.tasks.map((t) => (t.id === id ? { ...t, position } : t)),
              })),
            }
          : board,
      ),
    onError: (error, _move, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      notifyError(error);
    },
    // Lists, other boards and the project's progress change with a move; this board already shows
    // it (reloading it would drop the pages of its columns loaded so far), unless the move failed.
    onSettled: (_answer, error) =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: TASKS_KEY,
          predicate: (query) => Boolean(error) || !isSameKey(query.queryKey, key),
        }),
        queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
      ]),
  });
}

const isSameKey = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

export function useDeleteTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<AnswerOf<typeof okSchema>>(`/api/tasks/${id}`, { method: "DELETE" }),
    onSuccess: refresh,
    onError: notifyError,
  });
}

export function useComments(taskId: string | null) {
  return useQuery({
    queryKey: ["tasks", "comments", taskId],
    queryFn: () => api<AnswerOf<typeof commentsSchema>>(`/api/tasks/${taskId}/comments`).then((r) => r.comments),
    enabled: Boolean(taskId),
  });
}

export function useAddComment(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { body: string; mentionIds: string[] }) =>
      api<AnswerOf<typeof taskCreatedSchema>>(`/api/tasks/${taskId}/comments`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["tasks", "comments", taskId] }),
    onError: notifyError,
  });
}
