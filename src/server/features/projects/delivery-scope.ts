import { type SQL, sql } from "drizzle-orm";
import type { Module } from "#domain/modules.ts";
import type { RecordScope } from "#domain/permissions.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { recordScopeOf } from "../../auth/record-scope.ts";
import { type Queryable, queryRows, type Tx } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";
import { agencyOf as agencyOfUser } from "../../http/params.ts";

export type Caller = { user: SessionUser; agencyId: string; scope: RecordScope };

export async function callerOf(tx: Queryable, user: SessionUser, agencyId: string, module: Module): Promise<Caller> {
  return { user, agencyId, scope: await recordScopeOf(tx, user, module) };
}

/** Projects the caller reaches with scope "own": owned or a member of (alias p). */
export function ownProjectsFilter(caller: Caller, alias = "p"): SQL {
  if (caller.scope === "all") return sql`true`;
  const p = sql.raw(alias);
  return sql`(${p}.owner_id = ${caller.user.id} OR ${p}.id IN (SELECT pm.project_id FROM project_members pm
    WHERE pm.agency_id = ${caller.agencyId} AND pm.user_id = ${caller.user.id}))`;
}

/** A person's display name: first and last name, else the e-mail. */
export const personName = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.email)`);

/** Refuses ids that are not members of the agency (never reaches another agency's user). */
export async function assertAgencyMembers(
  tx: Queryable,
  agencyId: string,
  userIds: readonly string[],
  message: string,
): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM profiles WHERE agency_id = ${agencyId}
        AND id IN (${sql.join(
          unique.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  if ((rows[0]?.n ?? 0) !== unique.length) throw new AppError("validation_failed", message);
}

export const uuidList = (ids: readonly string[]) =>
  ids.length === 0
    ? sql`NULL::uuid`
    : sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      );

export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** A tenant callback run with the caller's record scope on `module` (routes: tenant(withCaller(...)(fn))). */
export const withCaller =
  (user: SessionUser, module: Module) =>
  <T>(fn: (tx: Tx, caller: Caller) => Promise<T>) =>
  (tx: Tx): Promise<T> =>
    callerOf(tx, user, agencyOfUser(user), module).then((caller) => fn(tx, caller));
