import { BACKGROUND_REQUEST_HEADER } from "#domain/background-request.ts";
import type { z } from "zod";
import { askForReauthentication, REAUTHENTICATION_REQUIRED } from "./reauthentication.ts";

/**
 * The answer a route publishes, from its response schema in src/domain/schemas (the API contract):
 * `api<AnswerOf<typeof xSchema>>(…)`. A type-only import of the schema adds nothing to the bundle.
 */
export type AnswerOf<S extends z.ZodType> = z.output<S>;

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

type Options = {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** Sent by the app itself (polling), not by the user: not activity for the idle timeout. */
  isBackground?: boolean;
};

/** What fetch sends: a Blob (a selected file) as its raw bytes, anything else as JSON. */
function encodeBody(body: unknown): { headers?: Record<string, string>; body?: BodyInit } {
  if (body === undefined) return {};
  if (body instanceof Blob) return { headers: { "content-type": body.type || "application/octet-stream" }, body };
  return { headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}

function send(path: string, options: Options): Promise<Response> {
  const encoded = encodeBody(options.body);
  const background: Record<string, string> = options.isBackground ? { [BACKGROUND_REQUEST_HEADER]: "1" } : {};
  return fetch(path, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers: { ...encoded.headers, ...background },
    body: encoded.body,
    credentials: "same-origin",
    signal: options.signal,
  });
}

async function errorOf(response: Response): Promise<ApiError> {
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  const error = (data as { error?: { code?: string; message?: string; details?: unknown } } | null)?.error;
  return new ApiError(response.status, error?.code ?? "unknown", error?.message ?? UNEXPECTED_ERROR, error?.details);
}

/**
 * Sends the request; a non-2xx answer throws ApiError. A sensitive action refused for want of a
 * recent password asks for it (lib/reauthentication.ts) and is sent once more when confirmed.
 */
async function request(path: string, options: Options): Promise<Response> {
  const response = await send(path, options);
  if (response.ok) return response;
  const error = await errorOf(response);
  if (error.code !== REAUTHENTICATION_REQUIRED || !(await askForReauthentication())) throw error;
  const retried = await send(path, options);
  if (!retried.ok) throw await errorOf(retried);
  return retried;
}

/** Call to our API with the session cookie (JSON, or a file's bytes); a non-2xx answer throws ApiError. */
export async function api<T>(path: string, options: Options = {}): Promise<T> {
  const text = await (await request(path, options)).text();
  return (text ? safeJson(text) : null) as T;
}

/** The file name a download answer gives in Content-Disposition, or the fallback. */
function attachmentName(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  return match?.[1] ?? fallback;
}

/** Saves a file the browser holds (a Blob) under a name, as a link with `download` would. */
export function saveFile(fileName: string, content: Blob): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * Downloads what a GET route answers as an attachment, through `request` (so a refusal shows its
 * message, and an export asks for the password when the server wants it) rather than a bare link.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await request(path, {});
  const content = await response.blob().catch(() => {
    // A download the server streams and then cuts (an export that failed midway) is no file to save.
    throw new ApiError(response.status, "download_interrupted", DOWNLOAD_INTERRUPTED);
  });
  saveFile(attachmentName(response, fallbackName), content);
}

const DOWNLOAD_INTERRUPTED = "O download foi interrompido. Tente novamente.";

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * An answer outside our envelope (a proxy's error page) has no text for people; the server
 * translates better-auth's English errors before they leave (server/auth/translate-auth-errors.ts).
 */
const UNEXPECTED_ERROR = "Erro inesperado. Tente novamente.";
