import type { Action } from "#domain/permissions.ts";
import { PIPELINE_MESSAGES, type PipelineAbilities } from "#domain/schemas/crm.ts";
import { can } from "../../auth/can.ts";
import { recordScopeOf } from "../../auth/record-scope.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Tx } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";
import type { CrmContext } from "./crm-context.ts";

/**
 * Pipelines and stages are the agency's shared structure: besides the route's crm_pipelines
 * action, managing them needs the record scope "all" on crm_pipelines. A role that reaches only
 * its own deals (salespeople by default) cannot see whether a stage is empty, and should not
 * reshape everybody's board (docs/decisions/025-pipeline-settings.md).
 */
export function assertManagesPipelines(ctx: CrmContext): void {
  if (ctx.scope !== "all") throw new AppError("forbidden", PIPELINE_MESSAGES.needsAllDeals);
}

/** What the user may do to the agency's pipelines, by the same rule the routes apply. */
export async function pipelineAbilities(tx: Tx, user: SessionUser): Promise<PipelineAbilities> {
  const all = (await recordScopeOf(tx, user, "crm_pipelines")) === "all";
  const may = async (action: Action) => all && (await can(tx, user, "crm_pipelines", action));
  return { create: await may("create"), edit: await may("edit"), delete: await may("delete") };
}
