/** The error body every API answer uses: `{ error: { code, message } }`, message in pt-BR. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra data some answers carry, e.g. the possible duplicates of a new contact. */
    readonly details?: unknown,
  ) {
    super(message);
  }
}

type Options = { method?: string; body?: unknown; signal?: AbortSignal };

/** What fetch sends: a Blob (a selected file) as its raw bytes, anything else as JSON. */
function encodeBody(body: unknown): { headers?: Record<string, string>; body?: BodyInit } {
  if (body === undefined) return {};
  if (body instanceof Blob) return { headers: { "content-type": body.type || "application/octet-stream" }, body };
  return { headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}

/** Call to our API with the session cookie (JSON, or a file's bytes); a non-2xx answer throws ApiError. */
export async function api<T>(path: string, options: Options = {}): Promise<T> {
  const response = await fetch(path, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    ...encodeBody(options.body),
    credentials: "same-origin",
    signal: options.signal,
  });
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string; details?: unknown } } | null)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? "unknown",
      error?.message ?? defaultMessage(data),
      error?.details,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** better-auth answers `{ message, code }` rather than our envelope. */
function defaultMessage(data: unknown): string {
  const message = (data as { message?: string } | null)?.message;
  return message ?? "Erro inesperado. Tente novamente.";
}
