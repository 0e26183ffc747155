import { z } from "zod";

export const JOB_MESSAGES = { notFound: "Tarefa em segundo plano não encontrada" } as const;

export const jobRunStatusSchema = z.enum(["queued", "running", "retrying", "succeeded", "failed"]);

/** A background job's progress as its owner reads it (progress bars). */
export const jobRunSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: jobRunStatusSchema,
  done: z.number().int(),
  total: z.number().int().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRunSchema>;
