import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { okSchema } from "#domain/schemas/projects.ts";
import type {
  CreateTaskBody,
  commentsSchema,
  MoveTaskBody,
  Task,
  taskCreatedSchema,
  taskMovedSchema,
  tasksSchema,
  UpdateTaskBody,
} from "#domain/schemas/tasks.ts";
import { type AnswerOf, api } from "#web/lib/api.ts";
import { notifyError, notifyOk, PROJECTS_KEY } from "../projects/use-projects.ts";

export type TaskFilters = {
  projectId?: string;
  assigneeId?: string;
  mine?: boolean;
  status?: string;
  priority?: string;
  due?: string;
};
const TASKS_KEY = ["tasks"] as const;

export function useTasks(filters: TaskFilters, enabled = true) {
  const params = new URLSearchParams({ limit: filters.projectId ? "2500" : "300" });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  return useQuery({
    queryKey: [...TASKS_KEY, filters],
    queryFn: () => api<AnswerOf<typeof tasksSchema>>(`/api/tasks?${params}`).then((r) => r.tasks),
    enabled,
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

export function useUpdateTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTaskBody }) =>
      api<AnswerOf<typeof okSchema>>(`/api/tasks/${id}`, { method: "PATCH", body }),
    onSuccess: refresh,
    onError: notifyError,
  });
}

/** A drop on the board: optimistic in the cached list, then the server's key. */
export function useMoveTask(filters: TaskFilters) {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MoveTaskBody }) =>
      api<AnswerOf<typeof taskMovedSchema>>(`/api/tasks/${id}/move`, { body }),
    onMutate: ({ id, body }) => {
      queryClient.setQueryData<Task[]>([...TASKS_KEY, filters], (tasks) =>
        tasks?.map((t) => (t.id === id ? { ...t, status: body.status } : t)),
      );
    },
    onSettled: refresh,
    onError: notifyError,
  });
}

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
