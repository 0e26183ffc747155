import type { z } from "zod";
import { apiErrorSchema } from "#domain/schemas/api-error.ts";
import type { AnyRoute } from "#server/http/route.ts";
import { ROUTES } from "#server/routes.ts";

/**
 * Checks that a real answer of the API agrees with what its route publishes (issue 15 §6):
 * a 2xx JSON body against the route's declared response schema, an error body against the one
 * error shape. Strict: a field the schema does not declare (e.g. one renamed on the server)
 * disagrees as much as a missing or mistyped one.
 */
const MATCHERS = ROUTES.map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/:[A-Za-z0-9_]+/g, "[^/]+")}$`),
}));

/** The route Hono would run: the first declared that matches (registration order). */
export function routeFor(method: string, path: string): AnyRoute | undefined {
  return MATCHERS.find((matcher) => matcher.route.method === method && matcher.pattern.test(path))?.route;
}

/** Paths present in what was sent but absent from what the schema kept (zod drops undeclared keys). */
export function undeclaredPaths(sent: unknown, kept: unknown, at = ""): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, index) => undeclaredPaths(item, kept[index], `${at}[${index}]`));
  }
  if (!isPlainObject(sent) || !isPlainObject(kept)) return [];
  return Object.keys(sent).flatMap((key) => {
    const path = at ? `${at}.${key}` : key;
    return key in kept ? undeclaredPaths(sent[key], kept[key], path) : [path];
  });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function parseIssues(schema: z.ZodType, body: unknown): string[] {
  const parsed = schema.safeParse(body);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join(".") || "(raiz)"}: ${issue.message}`);
}

/** Every way `body` disagrees with `schema`, as readable lines; empty when it agrees. */
export function disagreements(schema: z.ZodType, body: unknown): string[] {
  const parsed = schema.safeParse(body);
  if (!parsed.success) return parseIssues(schema, body);
  return undeclaredPaths(body, parsed.data).map((path) => `${path}: campo não declarado no esquema`);
}

const contentTypeOf = (response: Response) => response.headers.get("content-type") ?? "";

/** The media type alone: "application/json; charset=utf-8" is "application/json". */
const mediaType = (contentType: string) => contentType.split(";")[0].trim().toLowerCase();

/** Whether an answered media type is within the declared one, which may be a range ("image/*", "*\/*"). */
export function withinMediaRange(answered: string, declared: string): boolean {
  const range = mediaType(declared);
  if (range === "*/*") return answered !== "";
  return range.endsWith("/*") ? answered.startsWith(range.slice(0, -1)) : answered === range;
}

/**
 * Every way a real answer disagrees with what its route publishes; empty when it agrees.
 * A 2xx JSON answer is checked against the declared schema; a route that declares a file
 * (`{ contentType }`, e.g. a backup to download) must answer that type; an error answer, the
 * one error shape (it may carry more beside `error`: the invite refusal keeps its old shape too).
 */
export async function answerDisagreements(route: AnyRoute, response: Response): Promise<string[]> {
  const declared = route.response;
  const answered = mediaType(contentTypeOf(response));
  if (response.ok && declared && "contentType" in declared) {
    return withinMediaRange(answered, declared.contentType)
      ? []
      : [`answered ${answered || "(sem content-type)"} but declares ${declared.contentType}`];
  }
  if (answered !== "application/json") return [];
  if (response.ok && !declared) return ["answered JSON but declares no response schema"];
  const body = await response.clone().json();
  return response.ok ? disagreements(declared as z.ZodType, body) : parseIssues(apiErrorSchema, body);
}

/**
 * Fails the test that made the request when the answer disagrees with the route's published
 * contract (the first whole-suite walk with every answer checked came out clean).
 */
export async function checkAnswerAgainstContract(method: string, url: string, response: Response): Promise<void> {
  const route = routeFor(method, new URL(url).pathname);
  if (!route) return;
  const problems = await answerDisagreements(route, response);
  if (problems.length > 0) {
    throw new Error(
      `CONTRATO DA API: ${method} ${route.path} (${response.status}) disagrees with its declared answer:\n  ${problems.slice(0, 10).join("\n  ")}`,
    );
  }
}
