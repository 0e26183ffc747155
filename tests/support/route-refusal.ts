import { expect } from "vitest";
import { ROLES } from "#domain/roles.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import type { TestApp } from "./test-app.ts";

export type RouteCall = { method: string; path: string; body?: unknown };

/** Sends every call with the given cookie (or none) and expects the same status from each. */
export async function expectStatusFromEach(
  t: TestApp,
  calls: readonly RouteCall[],
  status: number,
  who: { cookie?: string; label: string },
): Promise<void> {
  for (const call of calls) {
    const response = await t.request(call.path, { method: call.method, body: call.body, cookie: who.cookie });
    expect(response.status, `${who.label} ${call.method} ${call.path}`).toBe(status);
  }
}

/**
 * Signs in one user of every role but super admin (e-mails `<role>@<emailDomain>`, so each test
 * file picks its own) and expects 403 from every call.
 */
export async function expectForbiddenToEveryRoleButSuperAdmin(
  t: TestApp,
  calls: readonly RouteCall[],
  agencyId: string,
  emailDomain: string,
): Promise<void> {
  for (const role of ROLES.filter((r) => r !== "super_admin")) {
    const { cookie } = await signedInAs(t, `${role}@${emailDomain}`, role, agencyId);
    await expectStatusFromEach(t, calls, 403, { cookie, label: role });
  }
}
