import { notifications } from "@mantine/notifications";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateProjectBody,
  okSchema,
  projectClientsSchema,
  projectCreatedSchema,
  projectDetailSchema,
  projectPeopleSchema,
  projectsPageSchema,
  projectTemplatesSchema,
  UpdateProjectBody,
  wonDealsSchema,
} from "#domain/schemas/projects.ts";
import { type AnswerOf, ApiError, api } from "#web/lib/api.ts";

export const PROJECTS_KEY = ["projects"] as const;

export const failureMessage = (error: unknown) =>
  error instanceof ApiError && error.status < 500 && error.message
    ? error.message
    : "Não foi possível concluir. Tente novamente.";
export const notifyError = (error: unknown) =>
  notifications.show({ title: "Erro", message: failureMessage(error), color: "red" });
export const notifyOk = (message: string) => notifications.show({ title: "Sucesso", message, color: "green" });

export function useProjects(filters: { status?: string; q?: string } = {}) {
  const params = new URLSearchParams({
    limit: "50",
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.q ? { q: filters.q } : {}),
  });
  return useInfiniteQuery({
    queryKey: [...PROJECTS_KEY, "list", filters],
    queryFn: ({ pageParam }) =>
      api<AnswerOf<typeof projectsPageSchema>>(
        `/api/projects?${params}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useProject(projectId: string | undefined) {
  return useQuery({
    queryKey: [...PROJECTS_KEY, "detail", projectId],
    queryFn: () => api<AnswerOf<typeof projectDetailSchema>>(`/api/projects/${projectId}`),
    enabled: Boolean(projectId),
  });
}

export function usePeople() {
  return useQuery({
    queryKey: ["projects", "people"],
    queryFn: () => api<AnswerOf<typeof projectPeopleSchema>>("/api/projects/people").then((r) => r.people),
    staleTime: 60_000,
  });
}

export function useTemplates() {
  return useQuery({
    queryKey: ["projects", "templates"],
    queryFn: () => api<AnswerOf<typeof projectTemplatesSchema>>("/api/projects/templates").then((r) => r.templates),
  });
}

export function useClients() {
  return useQuery({
    queryKey: ["projects", "clients"],
    queryFn: () => api<AnswerOf<typeof projectClientsSchema>>("/api/projects/clients").then((r) => r.clients),
  });
}

function useRefreshProjects() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
}

export function useCreateProject() {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: (body: Partial<CreateProjectBody>) =>
      api<AnswerOf<typeof projectCreatedSchema>>("/api/projects", { method: "POST", body }),
    onSuccess: (r) => {
      notifyOk(r.message);
      return refresh();
    },
    onError: notifyError,
  });
}

export function useCreateFromDeal() {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: (dealId: string) =>
      api<AnswerOf<typeof projectCreatedSchema>>("/api/projects/from-deal", { body: { dealId } }),
    onSuccess: (r) => {
      notifyOk(r.message);
      return refresh();
    },
    onError: notifyError,
  });
}

export function useUpdateProject(projectId: string) {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: (body: UpdateProjectBody) =>
      api<AnswerOf<typeof okSchema>>(`/api/projects/${projectId}`, { method: "PATCH", body }),
    onSuccess: (r) => {
      notifyOk(r.message);
      return refresh();
    },
    onError: notifyError,
  });
}

/** Deletion answers 409 with the count of time entries when it needs a confirmation. */
export function useDeleteProject(projectId: string) {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: (confirm: boolean) =>
      api<AnswerOf<typeof okSchema>>(`/api/projects/${projectId}${confirm ? "?confirm=true" : ""}`, {
        method: "DELETE",
      }),
    onSuccess: (r) => {
      notifyOk(r.message);
      return refresh();
    },
  });
}

export function useSaveTemplate(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api<AnswerOf<typeof projectCreatedSchema>>(`/api/projects/${projectId}/template`, { body: { name } }),
    onSuccess: (r) => {
      notifyOk(r.message);
      return queryClient.invalidateQueries({ queryKey: ["projects", "templates"] });
    },
    onError: notifyError,
  });
}

export function useWonDeals(enabled: boolean) {
  return useQuery({
    queryKey: [...PROJECTS_KEY, "won-deals"],
    queryFn: () => api<AnswerOf<typeof wonDealsSchema>>("/api/projects/won-deals").then((r) => r.deals),
    enabled,
  });
}
