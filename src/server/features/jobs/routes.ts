import { JOB_MESSAGES, jobRunSchema } from "#domain/schemas/jobs.ts";
import { AppError } from "../../http/errors.ts";
import { agencyOf, uuidParam } from "../../http/params.ts";
import { defineRoute, SIGNED_IN } from "../../http/route.ts";
import { getJobRun } from "./get-job-run.ts";

/** Progress of a background job, for the user who started it. */
export const jobRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/jobs/:jobId",
    access: SIGNED_IN,
    response: jobRunSchema,
    summary: "Progresso de uma tarefa em segundo plano iniciada pelo usuário",
    handler: async ({ user, tenant, params }) => {
      const agencyId = agencyOf(user);
      const runId = uuidParam(params, "jobId", JOB_MESSAGES.notFound);
      const run = await tenant((tx) => getJobRun(tx, agencyId, user.id, runId));
      if (!run) throw new AppError("not_found", JOB_MESSAGES.notFound);
      return run;
    },
  }),
];
