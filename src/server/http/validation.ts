import type { z } from "zod";
import { AppError, MESSAGES } from "./errors.ts";

/** The value as the schema reads it, or 400 with the first issue's pt-BR message and the field it names. */
export function parseOrRefuse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AppError("validation_failed", issue?.message || MESSAGES.invalidBody, {
    field: issue?.path.join("."),
  });
}
