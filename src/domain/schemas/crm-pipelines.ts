import { z } from "zod";

// Managing the agency's pipelines and their stages (issue: pipelines on /app/crm/pipelines).
// Re-exported by ./crm.ts; this file imports nothing of it (no import cycle).

/** Mantine colour names a stage may take (its column's badge and the picker's swatches). */
export const STAGE_COLORS = [
  "gray",
  "red",
  "pink",
  "grape",
  "violet",
  "indigo",
  "blue",
  "cyan",
  "teal",
  "green",
  "lime",
  "yellow",
  "orange",
] as const;
export type StageColor = (typeof STAGE_COLORS)[number];

export const STAGE_COLOR_LABELS: Record<StageColor, string> = {
  gray: "Cinza",
  red: "Vermelho",
  pink: "Rosa",
  grape: "Uva",
  violet: "Violeta",
  indigo: "Índigo",
  blue: "Azul",
  cyan: "Ciano",
  teal: "Verde-azulado",
  green: "Verde",
  lime: "Lima",
  yellow: "Amarelo",
  orange: "Laranja",
};

export const MAX_PIPELINES = 20;
export const MAX_STAGES = 20;

export const PIPELINE_MESSAGES = {
  pipelineNotFound: "Funil não encontrado.",
  pipelineNameRequired: "Informe o nome do funil.",
  pipelineNameTooLong: "O nome do funil pode ter até 80 caracteres.",
  stageNameRequired: "Informe o nome da etapa.",
  stageNameTooLong: "O nome da etapa pode ter até 60 caracteres.",
  invalidColor: "Escolha uma das cores da lista.",
  invalidProbability: "A probabilidade de ganho deve ser um número inteiro de 0 a 100.",
  invalidStageId: "Etapa inválida.",
  orderRequired: "Envie a lista completa das etapas do funil.",
  orderRepeated: "Cada etapa deve aparecer uma única vez na nova ordem.",
  orderStale: "As etapas do funil mudaram enquanto você as reordenava. Recarregue a página e tente novamente.",
  stageHasDeals: "Mova as oportunidades desta etapa antes de excluí-la.",
  pipelineHasDeals: "Este funil ainda tem oportunidades. Mova-as para outro funil ou exclua-as antes de excluí-lo.",
  lastStage: "O funil precisa ter pelo menos uma etapa: esta não pode ser excluída.",
  lastPipeline: "A agência precisa ter pelo menos um funil: este não pode ser excluído.",
  tooManyStages: `Um funil pode ter até ${MAX_STAGES} etapas.`,
  tooManyPipelines: `A agência pode ter até ${MAX_PIPELINES} funis.`,
  needsAllDeals: "Configurar funis exige acesso a todas as oportunidades da agência.",
  pipelineCreated: "Funil criado com as cinco etapas padrão.",
  pipelineDeleted: "Funil excluído.",
  stageDeleted: "Etapa excluída.",
} as const;

const pipelineName = z
  .string({ error: PIPELINE_MESSAGES.pipelineNameRequired })
  .trim()
  .min(1, PIPELINE_MESSAGES.pipelineNameRequired)
  .max(80, PIPELINE_MESSAGES.pipelineNameTooLong);

/** Creating or renaming a pipeline: its name (a new one starts with the spec's five stages). */
export const pipelineInputSchema = z.object({ name: pipelineName });
export type PipelineInput = z.infer<typeof pipelineInputSchema>;

/** A stage: name, colour of the palette, win probability 0–100 (%). */
export const stageInputSchema = z.object({
  name: z
    .string({ error: PIPELINE_MESSAGES.stageNameRequired })
    .trim()
    .min(1, PIPELINE_MESSAGES.stageNameRequired)
    .max(60, PIPELINE_MESSAGES.stageNameTooLong),
  color: z.enum(STAGE_COLORS, { error: PIPELINE_MESSAGES.invalidColor }),
  winProbability: z
    .number({ error: PIPELINE_MESSAGES.invalidProbability })
    .int(PIPELINE_MESSAGES.invalidProbability)
    .min(0, PIPELINE_MESSAGES.invalidProbability)
    .max(100, PIPELINE_MESSAGES.invalidProbability),
});
export type StageInput = z.infer<typeof stageInputSchema>;

/** The pipeline's new stage order: every stage id of the pipeline, once each, first to last. */
export const stageOrderSchema = z.object({
  ids: z
    .array(z.uuid({ error: PIPELINE_MESSAGES.invalidStageId }), { error: PIPELINE_MESSAGES.orderRequired })
    .min(1, PIPELINE_MESSAGES.orderRequired)
    .max(MAX_STAGES, PIPELINE_MESSAGES.orderRequired)
    .refine((ids) => new Set(ids).size === ids.length, PIPELINE_MESSAGES.orderRepeated),
});
export type StageOrderBody = z.infer<typeof stageOrderSchema>;

/** What the caller may do to the agency's pipelines (the header button and the modal's actions). */
export const pipelineAbilitiesSchema = z.object({ create: z.boolean(), edit: z.boolean(), delete: z.boolean() });
export type PipelineAbilities = z.infer<typeof pipelineAbilitiesSchema>;
