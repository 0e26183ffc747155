import type { Context } from "hono";
import { AppError } from "../../http/errors.ts";

/** The request body as JSON, or null when it is missing or not JSON (then the schema names the field). */
export async function readJsonBody(c: Context): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text());
  } catch {
    return null;
  }
}

export function errorResponse(c: Context, error: AppError): Response {
  return c.json(error.toBody(), error.status);
}

/** The first issue of a failed zod parse, in our envelope. */
export function validationError(issues: { message: string; path: PropertyKey[] }[]): AppError {
  const issue = issues[0];
  return new AppError("validation_failed", issue.message, { field: issue.path.join(".") });
}
