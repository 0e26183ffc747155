import { apiErrorSchema } from "#domain/schemas/api-error.ts";
import type { AnyRoute } from "../http/route.ts";
import type { JsonSchema } from "./json-schema.ts";
import { toJsonSchema } from "./json-schema.ts";

const ERROR_REF = { $ref: "#/components/schemas/Error" };

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ERROR_REF } },
});

/** The error answers, described once in components and referenced by each operation. */
export const ERROR_RESPONSES = {
  BadRequest: errorResponse("Dados inválidos (`validation_failed`, `bad_request`)"),
  Unauthenticated: errorResponse("Sem sessão válida (`unauthenticated`)"),
  Forbidden: errorResponse(
    "Sem permissão, agência inativa ou segundo fator pendente (`forbidden`, `agency_inactive`, `two_factor_required`)",
  ),
  RateLimited: errorResponse("Muitas requisições (`rate_limited`); o cabeçalho `Retry-After` diz quando voltar"),
  Error: errorResponse("Outro erro (`not_found`, `conflict`, `internal`…), no mesmo formato"),
} as const;

export const errorComponents = () => ({ Error: toJsonSchema(apiErrorSchema, "output") });

const ref = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` });

/** Which of the shared error answers a route may give. */
export function errorResponsesFor(route: AnyRoute): Record<string, JsonSchema> {
  const isPublic = route.access.kind === "public";
  return {
    ...(route.body || route.query ? { "400": ref("BadRequest") } : {}),
    ...(isPublic ? {} : { "401": ref("Unauthenticated"), "403": ref("Forbidden") }),
    "429": ref("RateLimited"),
    default: ref("Error"),
  };
}
