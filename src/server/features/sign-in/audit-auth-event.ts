import { eq } from "drizzle-orm";
import type { AuditEvent } from "#domain/audit.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { profiles, user } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";

type RequestMeta = { ip: string | null; userAgent: string | null };
type Subject = { userId: string } | { email: string };

/**
 * Writes the audit row of a sign-in, sign-up or sign-out. These happen outside any transaction of
 * ours (better-auth did the work), so a failing audit write is logged and never changes the answer.
 * An e-mail without an account is recorded with no user and no agency.
 */
export async function auditAuthEvent(deps: Deps, subject: Subject, request: RequestMeta, event: AuditEvent) {
  try {
    const owner = await ownerOf(deps, subject);
    await recordAudit(
      deps.database.owner,
      { userId: owner?.userId ?? null, agencyId: owner?.agencyId ?? null, ...request },
      event,
    );
  } catch (error) {
    deps.logger.error({ err: error, action: event.action }, "auth audit failed");
  }
}

async function ownerOf(deps: Deps, subject: Subject): Promise<{ userId: string; agencyId: string | null } | null> {
  const [row] = await deps.database.owner
    .select({ userId: user.id, agencyId: profiles.agencyId })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where("userId" in subject ? eq(user.id, subject.userId) : eq(user.email, subject.email));
  return row ?? null;
}

/**
 * Records the `login` of a better-auth answer that opened a session. A two-factor challenge
 * answers 200 without a user: nothing is recorded until the code is given.
 */
export async function auditLoginFromResponse(
  deps: Deps,
  request: RequestMeta,
  response: Response,
  method: "password" | "two_factor",
): Promise<void> {
  const userId = await userIdOfAuthAnswer(response);
  if (!userId) return;
  await auditAuthEvent(deps, { userId }, request, {
    action: "login",
    resourceType: "auth",
    resourceId: userId,
    details: { method },
  });
}

/** The user a better-auth answer names (`{ user: { id } }`), read from a copy so the answer still streams. */
export async function userIdOfAuthAnswer(response: Response): Promise<string | undefined> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { user?: { id?: string } } | null;
  return body?.user?.id;
}
