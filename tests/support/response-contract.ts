import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";
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

const isJson = (response: Response) => (response.headers.get("content-type") ?? "").includes("application/json");

/**
 * Strict (NEXO_STRICT_ANSWERS=1): a disagreement fails the test that made the request. Otherwise it
 * is printed loudly and appended to .tmp/reports/answer-contract.txt: the suite has not yet run once
 * with every answer checked, and the first walk found schemas that name fewer fields than routes
 * answer (permission templates' record_scope). Strict becomes the default once that report is empty.
 */
const STRICT = process.env.NEXO_STRICT_ANSWERS === "1";
const REPORT = ".tmp/reports/answer-contract.txt";

function reportDisagreement(message: string): void {
  if (STRICT) throw new Error(message);
  console.warn(`\n!!! CONTRATO DA API: ${message}\n`);
  mkdirSync(path.dirname(REPORT), { recursive: true });
  appendFileSync(REPORT, `${message}\n`);
}

/** Reports (strict: throws) when the answer disagrees with the route's published contract. */
export async function checkAnswerAgainstContract(method: string, url: string, response: Response): Promise<void> {
  const { pathname } = new URL(url);
  const route = routeFor(method, pathname);
  if (!route || !isJson(response)) return;
  const declared = route.response;
  const schema = response.ok
    ? declared && !("contentType" in declared)
      ? (declared as z.ZodType)
      : null
    : apiErrorSchema;
  if (!schema) {
    if (response.ok) reportDisagreement(`${method} ${route.path} answered JSON but declares no response schema`);
    return;
  }
  const body = await response.clone().json();
  // An error answer may carry more beside `error` (the invite refusal keeps its old shape too).
  const problems = response.ok ? disagreements(schema, body) : parseIssues(schema, body);
  if (problems.length > 0) {
    reportDisagreement(
      `${method} ${route.path} (${response.status}) disagrees with its declared schema:\n  ${problems.slice(0, 10).join("\n  ")}`,
    );
  }
}
