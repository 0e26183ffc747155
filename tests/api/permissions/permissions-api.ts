import { expect } from "vitest";
import type { PermissionRecord, PermissionRow } from "#domain/schemas/permissions.ts";
import type { TestApp } from "#tests/support/test-app.ts";

/** JSON of a call that must succeed with `status`. */
export async function ok<T>(
  t: TestApp,
  path: string,
  options: { cookie: string; method?: string; body?: unknown },
  status = 200,
): Promise<T> {
  const response = await t.request(path, options);
  const text = await response.text();
  expect(response.status, `${options.method ?? "GET"} ${path}: ${text}`).toBe(status);
  return JSON.parse(text) as T;
}

/** Every role_permissions row as `role:module` → its four switches, to compare whole sets (scopes: /scope). */
export async function permissionSet(
  t: TestApp,
  cookie: string,
): Promise<Map<string, Omit<PermissionRecord, "role" | "module" | "record_scope">>> {
  const rows = await ok<PermissionRow[]>(t, "/api/admin/permissions", { cookie });
  return new Map(rows.map(({ id: _id, role, module, record_scope: _scope, ...flags }) => [`${role}:${module}`, flags]));
}

export function flagsOf(set: Awaited<ReturnType<typeof permissionSet>>, role: string, module: string) {
  return set.get(`${role}:${module}`);
}
