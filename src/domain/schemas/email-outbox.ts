import { z } from "zod";

export const outboxMailSchema = z.object({
  id: z.uuid(),
  toAddress: z.string(),
  subject: z.string(),
  status: z.enum(["pending", "sent", "failed"]),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});

export const outboxMailListSchema = z.object({ mails: z.array(outboxMailSchema) });
