import { and, eq, gt, sql } from "drizzle-orm";
import type { Action, PermissionFlags } from "#domain/permissions.ts";
import { allows } from "#domain/permissions.ts";
import type { Module } from "#domain/modules.ts";
import { isAdmin, isSuperAdmin, normalizeRole, type Role } from "#domain/roles.ts";
import { type Db, writeGenerationOf } from "../db/client.ts";
import { agencies, profiles, rolePermissions, session, user, userRoles } from "../db/schema.ts";

export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string | null;
  role: Role;
  agencyId: string | null;
  agencyName: string | null;
  isAgencyActive: boolean;
  twoFactorEnabled: boolean;
  isTwoFactorRequired: boolean;
  isSuperAdmin: boolean;
  isAdmin: boolean;
  sessionId: string;
};

export type ResolvedSession = { user: SessionUser; permission: PermissionFlags | undefined };

type Row = {
  session_id: string;
  expires_at: Date;
  user_id: string;
  email: string;
  two_factor_enabled: boolean;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  agency_id: string | null;
  agency_name: string | null;
  subscription_status: string | null;
  role: string | null;
  two_factor_required: unknown;
  can_view: boolean | null;
  can_create: boolean | null;
  can_edit: boolean | null;
  can_delete: boolean | null;
};

function sessionQuery(db: Db) {
  return db
    .select({
      session_id: session.id,
      expires_at: session.expiresAt,
      user_id: user.id,
      email: user.email,
      two_factor_enabled: user.twoFactorEnabled,
      first_name: profiles.firstName,
      last_name: profiles.lastName,
      company: profiles.company,
      agency_id: profiles.agencyId,
      agency_name: agencies.name,
      subscription_status: agencies.subscriptionStatus,
      role: userRoles.role,
      two_factor_required: sql<unknown>`(select st.setting_value from agency_settings st
        where st.agency_id = ${profiles.agencyId} and st.setting_key = 'two_factor_required')`,
      can_view: rolePermissions.canView,
      can_create: rolePermissions.canCreate,
      can_edit: rolePermissions.canEdit,
      can_delete: rolePermissions.canDelete,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(agencies, eq(agencies.id, profiles.agencyId))
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .leftJoin(
      rolePermissions,
      and(
        eq(rolePermissions.role, sql`coalesce(${userRoles.role}, 'user')`),
        eq(rolePermissions.module, sql.placeholder("module")),
      ),
    )
    .where(and(eq(session.token, sql.placeholder("token")), gt(session.expiresAt, sql`now()`)))
    .prepare("resolve_session");
}

/** One prepared statement per database: PostgreSQL plans the six-table join once per connection, not per request. */
const preparedSessionQueries = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

type CachedSession = { resolved: ResolvedSession; expiresAt: number; generation: number };

/** Bounds the memory of the cache below: past this many sessions × modules it starts over. */
const MAX_CACHED_SESSIONS = 10_000;

const sessionCaches = new WeakMap<Db, Map<string, CachedSession>>();

/**
 * Who holds this session token, with role, agency and the permission row of one module:
 * a single round trip, so authentication and authorisation cost one query together.
 * On a database only this process writes (PGlite), the answer is reused while no statement
 * that may write has run since it was read and the session has not expired: any change to a
 * session, user, role, permission, agency or setting applies on the very next request.
 * On PostgreSQL other processes may write, so nothing is cached but the query plan.
 */
export async function resolveSession(db: Db, token: string, module: Module | null): Promise<ResolvedSession | null> {
  const writeGeneration = writeGenerationOf(db);
  if (!writeGeneration) return querySession(db, token, module);
  let cache = sessionCaches.get(db);
  if (!cache) {
    cache = new Map();
    sessionCaches.set(db, cache);
  }
  const key = `${module ?? ""}\u0000${token}`;
  const generation = writeGeneration();
  const cached = cache.get(key);
  if (cached && cached.generation === generation && cached.expiresAt > Date.now()) return cached.resolved;
  const found = await querySessionRow(db, token, module);
  if (!found) return null;
  // A write between the read and now (another request's) may have changed the answer: use it once, keep nothing.
  if (writeGeneration() === generation) {
    if (cache.size >= MAX_CACHED_SESSIONS) cache.clear();
    cache.set(key, { resolved: found.resolved, expiresAt: found.expiresAt, generation });
  }
  return found.resolved;
}

async function querySession(db: Db, token: string, module: Module | null): Promise<ResolvedSession | null> {
  return (await querySessionRow(db, token, module))?.resolved ?? null;
}

async function querySessionRow(
  db: Db,
  token: string,
  module: Module | null,
): Promise<{ resolved: ResolvedSession; expiresAt: number } | null> {
  let prepared = preparedSessionQueries.get(db);
  if (!prepared) {
    prepared = sessionQuery(db);
    preparedSessionQueries.set(db, prepared);
  }
  const [row] = (await prepared.execute({ token, module: module ?? "" })) as Row[];
  if (!row) return null;
  return { resolved: resolvedFrom(row), expiresAt: row.expires_at.getTime() };
}

function resolvedFrom(row: Row): ResolvedSession {
  const role = normalizeRole(row.role);
  const user: SessionUser = {
    id: row.user_id,
    email: row.email,
    firstName: row.first_name ?? "",
    lastName: row.last_name ?? "",
    company: row.company,
    role,
    agencyId: row.agency_id,
    agencyName: row.agency_name,
    isAgencyActive: row.agency_id === null || row.subscription_status === "active",
    twoFactorEnabled: row.two_factor_enabled,
    isTwoFactorRequired: row.two_factor_required === true || row.two_factor_required === "true",
    isSuperAdmin: isSuperAdmin(role),
    isAdmin: isAdmin(role),
    sessionId: row.session_id,
  };
  const permission =
    row.can_view === null
      ? undefined
      : {
          canView: row.can_view,
          canCreate: Boolean(row.can_create),
          canEdit: Boolean(row.can_edit),
          canDelete: Boolean(row.can_delete),
        };
  // Shared by every request the cache answers: nobody may change it.
  return Object.freeze({ user: Object.freeze(user), permission: permission && Object.freeze(permission) });
}

/** Super admin always passes; otherwise the role's permission row of the route's module decides. */
export function isAllowed(user: SessionUser | null, permission: PermissionFlags | undefined, action: Action): boolean {
  if (!user) return false;
  if (user.isSuperAdmin) return true;
  return allows(permission, action);
}
