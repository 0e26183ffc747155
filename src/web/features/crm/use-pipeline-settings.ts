import { useQuery } from "@tanstack/react-query";
import type {
  okSchema,
  PipelineAbilities,
  PipelineInput,
  Pipeline,
  pipelineSchema,
  StageInput,
} from "#domain/schemas/crm.ts";
import { type AnswerOf, api } from "#web/lib/api.ts";
import { CRM_KEY } from "./use-crm.ts";

export const PIPELINES_KEY = [...CRM_KEY, "pipelines"] as const;

/** The agency's pipelines with their ordered stages. */
export function usePipelines() {
  return useQuery({
    queryKey: PIPELINES_KEY,
    queryFn: () => api<{ pipelines: Pipeline[] }>("/api/crm/pipelines"),
    select: (data) => data.pipelines,
  });
}

/** What the signed-in user may do to the pipelines (permission and record scope, decided by the server). */
export function usePipelineAbilities() {
  return useQuery({
    queryKey: [...CRM_KEY, "pipeline-settings"],
    queryFn: () => api<PipelineAbilities>("/api/crm/pipeline-settings"),
  });
}

type PipelineAnswer = AnswerOf<typeof pipelineSchema>;

/** Calls of the pipeline settings (run through useCrmMutation, which refreshes the board). */
export const pipelineApi = {
  create: (body: PipelineInput) => api<PipelineAnswer>("/api/crm/pipelines", { body }),
  rename: ({ id, ...body }: { id: string } & PipelineInput) =>
    api<PipelineAnswer>(`/api/crm/pipelines/${id}`, { method: "PATCH", body }),
  remove: (id: string) => api<AnswerOf<typeof okSchema>>(`/api/crm/pipelines/${id}`, { method: "DELETE" }),
  addStage: ({ pipelineId, ...body }: { pipelineId: string } & StageInput) =>
    api<PipelineAnswer>(`/api/crm/pipelines/${pipelineId}/stages`, { body }),
  updateStage: ({ id, ...body }: { id: string } & StageInput) =>
    api<PipelineAnswer>(`/api/crm/stages/${id}`, { method: "PATCH", body }),
  reorderStages: ({ pipelineId, ids }: { pipelineId: string; ids: string[] }) =>
    api<PipelineAnswer>(`/api/crm/pipelines/${pipelineId}/stages/order`, { method: "PUT", body: { ids } }),
  removeStage: (id: string) => api<AnswerOf<typeof okSchema>>(`/api/crm/stages/${id}`, { method: "DELETE" }),
};
