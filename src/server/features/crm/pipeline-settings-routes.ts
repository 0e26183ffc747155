import {
  CRM_MESSAGES,
  okSchema,
  PIPELINE_MESSAGES,
  pipelineAbilitiesSchema,
  pipelineInputSchema,
  pipelineSchema,
  stageInputSchema,
  stageOrderSchema,
} from "#domain/schemas/crm.ts";
import { recordScopeOf } from "../../auth/record-scope.ts";
import type { Tx } from "../../db/client.ts";
import { agencyOf, uuidParam } from "../../http/params.ts";
import { defineRoute, needs, type RouteContext } from "../../http/route.ts";
import type { CrmContext } from "./crm-context.ts";
import { pipelineAbilities } from "./pipeline-access.ts";
import { createPipeline, deletePipeline, renamePipeline } from "./save-pipeline.ts";
import { addStage, deleteStage, reorderStages, updateStage } from "./save-stage.ts";

type Ctx = RouteContext<unknown, unknown, ReturnType<typeof needs>>;

/** Runs fn in the tenant transaction with the caller's record scope on crm_pipelines. */
function inPipelines<T>(ctx: Ctx, fn: (tx: Tx, crmCtx: CrmContext) => Promise<T>): Promise<T> {
  const agencyId = agencyOf(ctx.user);
  return ctx.tenant(async (tx) => {
    const scope = await recordScopeOf(tx, ctx.user, "crm_pipelines");
    return fn(tx, { agencyId, user: ctx.user, scope, actor: { userId: ctx.user.id, agencyId, ...ctx.request } });
  });
}

const pipelineId = (ctx: Ctx) => uuidParam(ctx.params, "id", PIPELINE_MESSAGES.pipelineNotFound);
const stageId = (ctx: Ctx) => uuidParam(ctx.params, "id", CRM_MESSAGES.stageNotFound);

/**
 * Managing the agency's pipelines and stages (docs/decisions/025-pipeline-settings.md): creating a
 * pipeline is crm_pipelines:create, renaming it and adding, editing or reordering stages
 * crm_pipelines:edit, deleting a pipeline or a stage crm_pipelines:delete; every one of them also
 * needs the record scope "all" on crm_pipelines (checked in the operation, 403 otherwise).
 */
export const pipelineSettingsRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/crm/pipeline-settings",
    access: needs("crm_pipelines", "view"),
    response: pipelineAbilitiesSchema,
    summary: "O que o usuário pode fazer nos funis da agência (criar, editar, excluir)",
    handler: (ctx) => ctx.tenant((tx) => pipelineAbilities(tx, ctx.user)),
  }),
  defineRoute({
    method: "POST",
    path: "/api/crm/pipelines",
    access: needs("crm_pipelines", "create"),
    body: pipelineInputSchema,
    response: pipelineSchema,
    summary: "Cria um funil com as cinco etapas padrão",
    handler: async (ctx) => ctx.c.json(await inPipelines(ctx as Ctx, (tx, c) => createPipeline(tx, c, ctx.body)), 201),
  }),
  defineRoute({
    method: "PATCH",
    path: "/api/crm/pipelines/:id",
    access: needs("crm_pipelines", "edit"),
    body: pipelineInputSchema,
    response: pipelineSchema,
    summary: "Renomeia um funil",
    handler: (ctx) => inPipelines(ctx as Ctx, (tx, c) => renamePipeline(tx, c, pipelineId(ctx as Ctx), ctx.body)),
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/crm/pipelines/:id",
    access: needs("crm_pipelines", "delete"),
    response: okSchema,
    summary: "Exclui um funil (409 enquanto tiver oportunidades, ou se for o último da agência)",
    handler: async (ctx) => {
      await inPipelines(ctx as Ctx, (tx, c) => deletePipeline(tx, c, pipelineId(ctx as Ctx)));
      return { success: true, message: PIPELINE_MESSAGES.pipelineDeleted };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/crm/pipelines/:id/stages",
    access: needs("crm_pipelines", "edit"),
    body: stageInputSchema,
    response: pipelineSchema,
    summary: "Acrescenta uma etapa ao fim do funil",
    handler: async (ctx) =>
      ctx.c.json(await inPipelines(ctx as Ctx, (tx, c) => addStage(tx, c, pipelineId(ctx as Ctx), ctx.body)), 201),
  }),
  defineRoute({
    method: "PUT",
    path: "/api/crm/pipelines/:id/stages/order",
    access: needs("crm_pipelines", "edit"),
    body: stageOrderSchema,
    response: pipelineSchema,
    summary: "Define a ordem das etapas do funil (a lista completa dos ids)",
    handler: (ctx) => inPipelines(ctx as Ctx, (tx, c) => reorderStages(tx, c, pipelineId(ctx as Ctx), ctx.body.ids)),
  }),
  defineRoute({
    method: "PATCH",
    path: "/api/crm/stages/:id",
    access: needs("crm_pipelines", "edit"),
    body: stageInputSchema,
    response: pipelineSchema,
    summary: "Edita nome, cor e probabilidade de ganho de uma etapa",
    handler: (ctx) => inPipelines(ctx as Ctx, (tx, c) => updateStage(tx, c, stageId(ctx as Ctx), ctx.body)),
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/crm/stages/:id",
    access: needs("crm_pipelines", "delete"),
    response: okSchema,
    summary: "Exclui uma etapa (409 enquanto tiver oportunidades, ou se for a última do funil)",
    handler: async (ctx) => {
      await inPipelines(ctx as Ctx, (tx, c) => deleteStage(tx, c, stageId(ctx as Ctx)));
      return { success: true, message: PIPELINE_MESSAGES.stageDeleted };
    },
  }),
];
