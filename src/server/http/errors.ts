import type { ContentfulStatusCode } from "hono/utils/http-status";

export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  code_reused: 401,
  forbidden: 403,
  two_factor_required: 403,
  reauthentication_required: 403,
  email_not_verified: 403,
  agency_inactive: 403,
  no_agency: 409,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  locked: 429,
  rate_limited: 429,
  internal: 500,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** An error a client may see: a code for programs and a pt-BR message for people. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }

  toBody() {
    return { error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) } };
  }
}

export const MESSAGES = {
  unauthenticated: "Usuário não autenticado",
  forbidden: "Você não tem permissão para realizar esta ação.",
  notFound: "Recurso não encontrado.",
  routeNotFound: "Rota não encontrada.",
  invalidBody: "Dados inválidos.",
  invalidQuery: "Parâmetros de busca inválidos.",
  internal: "Erro interno do servidor. Tente novamente.",
  noAgency: "Usuário não está associado a uma agência",
  agencyInactive: "Sua agência está inativa. Entre em contato com o administrador.",
  twoFactorRequired: "Sua agência exige autenticação em dois fatores. Ative-a para continuar.",
  crossSite: "Requisição de outra origem recusada.",
  unsupportedMediaType: "Formato de dados não suportado. Envie os dados em JSON.",
  payloadTooLarge: "Os dados enviados excedem o tamanho máximo permitido.",
  searchTimeout: "A busca demorou demais. Refine os filtros e tente novamente.",
  tooManyRequests: "Muitas requisições. Aguarde alguns instantes e tente novamente.",
  tooManyAttempts: "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
} as const;

/** A 429 that tells the client when to come back (the `Retry-After` header, in seconds). */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super("rate_limited", message);
  }
}

/** The JSON answer of an AppError, with `Retry-After` when it is a rate limit. */
export function errorAnswer(error: AppError): Response {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (error instanceof RateLimitedError) headers["retry-after"] = String(error.retryAfterSeconds);
  return new Response(JSON.stringify(error.toBody()), { status: error.status, headers });
}
