import { z } from "zod";

/**
 * Every error answer of the API (src/server/http/errors.ts): a code for programs and a pt-BR
 * message for people; `details` only where the route adds some (e.g. the invalid field).
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string().describe("Código estável do erro (ex.: validation_failed, forbidden, not_found)"),
    message: z.string().describe("Mensagem em pt-BR para exibir ao usuário"),
    details: z.unknown().optional().describe("Detalhes do erro, quando houver (ex.: { field })"),
  }),
});

export type ApiError = z.infer<typeof apiErrorSchema>;

/** The answer of a route whose handler returns nothing (register-routes.ts). */
export const okAnswerSchema = z.object({ ok: z.literal(true) });
