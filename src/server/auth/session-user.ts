import { sql } from "drizzle-orm";
import type { Action, PermissionFlags } from "#domain/permissions.ts";
import { allows } from "#domain/permissions.ts";
import type { Module } from "#domain/modules.ts";
import { isAdmin, isSuperAdmin, normalizeRole, type Role } from "#domain/roles.ts";
import type { Db } from "../db/client.ts";

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
  /** This session passed the second factor (issue 13: per session, not per user). */
  isSessionTwoFactorVerified: boolean;
  /** The account proved it reads its e-mail (issue 13, item 8). */
  isEmailVerified: boolean;
  /**
   * Set when the request came with an API key (auth/api-key.ts): it acts as the key's creator
   * with the key's role, and reaches only routes that declare a module permission.
   */
  apiKeyId?: string;
  /** With an API key: its creator's current role. The key acts only where both roles may. */
  keyCreatorRole?: Role;
};

export type ResolvedSession = { user: SessionUser; permission: PermissionFlags | undefined };

type Row = {
  session_id: string;
  expires_at_ms: number;
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
  /** int8, as text (drivers disagree on int8). */
  auth_epoch: string;
  session_two_factor_verified: boolean;
  email_verified: boolean;
};

const column = <T>(name: keyof Row) => sql<T>`${sql.identifier("s")}.${sql.identifier(name)}`;

/** The session state of migration 0007/0010 (app_session_state), the one definition of what authorises a request. */
function sessionQuery(db: Db) {
  return db
    .select({
      session_id: column<string>("session_id"),
      expires_at_ms: sql<number>`(extract(epoch from s.expires_at) * 1000)::float8`,
      user_id: column<string>("user_id"),
      email: column<string>("email"),
      two_factor_enabled: column<boolean>("two_factor_enabled"),
      first_name: column<string | null>("first_name"),
      last_name: column<string | null>("last_name"),
      company: column<string | null>("company"),
      agency_id: column<string | null>("agency_id"),
      agency_name: column<string | null>("agency_name"),
      subscription_status: column<string | null>("subscription_status"),
      role: column<string | null>("role"),
      two_factor_required: column<unknown>("two_factor_required"),
      can_view: column<boolean | null>("can_view"),
      can_create: column<boolean | null>("can_create"),
      can_edit: column<boolean | null>("can_edit"),
      can_delete: column<boolean | null>("can_delete"),
      auth_epoch: sql<string>`s.auth_epoch::text`,
      session_two_factor_verified: column<boolean>("session_two_factor_verified"),
      email_verified: column<boolean>("email_verified"),
      // The request's activity (the idle timeout, migration 0019) in the same round trip, when due.
      touched: sql<string | null>`case when ${sql.placeholder("touch")}::boolean
        then app_touch_session(s.session_id::uuid)::text end`,
    })
    .from(sql`app_session_state(${sql.placeholder("token")}, ${sql.placeholder("module")}) s`)
    .prepare("resolve_session");
}

/**
 * A resolved session, with the auth epoch it was read at: while the epoch stands, nothing it was
 * built from has changed (migration 0007, re-created by 0010).
 */
export type FoundSession = { resolved: ResolvedSession; expiresAt: number; authEpoch: string };

/** A session found earlier, to be proven still the same before the request's answer leaves (read requests). */
export type UnprovenSession = FoundSession & { token: string; module: Module | null };

/** Bounds the cache's memory: past this many sessions × modules it starts over. */
const MAX_CACHED_SESSIONS = 10_000;

const cacheKey = (token: string, module: Module | null) => `${module ?? ""}\u0000${token}`;

/**
 * Who holds a session token, with role, agency and the permission row of one module: one
 * prepared statement (drizzle's `.prepare()`), so authentication and authorisation cost one
 * round trip together, and sessions found before, which read requests may reuse unread.
 */
export type SessionStore = {
  /**
   * The session now (one round trip), or with `reuseUnproven` (read requests) one found earlier,
   * returned as `unproven`: the caller must prove it before answering (its tenant context goes
   * through app_enter_tenant_read with the auth epoch, which refuses once the epoch moved or the
   * session expired, or `prove`). Other processes may write (PostgreSQL) and, on PGlite, so may
   * any request of this one: nothing is trusted unproven.
   *
   * With `activityAt`, the request is the user's activity (the idle timeout's last activity):
   * written at most once a minute per session, in the session read's own round trip when it reads
   * (else alone), skipped here within the minute and refused in SQL for an ended session.
   */
  find(
    token: string,
    module: Module | null,
    options?: { reuseUnproven?: boolean; activityAt?: Date },
  ): Promise<{ found: FoundSession; unproven: UnprovenSession | null } | null>;
  /** Whether an unproven session still stands: read again at the same auth epoch (one round trip). */
  prove(session: UnprovenSession): Promise<boolean>;
  /** Forgets a session found earlier (it proved stale). */
  forget(token: string, module: Module | null): void;
};

/** Activity is written at most this often per session (migration 0019 refuses more often too). */
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

/** The session store of one database (built once at start: deps.sessions). */
export function createSessionStore(owner: Db, onActivityError: (error: unknown) => void = () => {}): SessionStore {
  const query = sessionQuery(owner);
  const cache = new Map<string, FoundSession>();
  const activity = activityPacer();

  async function read(token: string, module: Module | null, touch = false): Promise<FoundSession | null> {
    const [row] = (await query.execute({ token, module: module ?? "", touch })) as Row[];
    if (!row) return null;
    return { resolved: resolvedFrom(row), expiresAt: row.expires_at_ms, authEpoch: row.auth_epoch };
  }

  /** The session read afresh, recording the activity in the same statement when due. */
  async function readRecordingActivity(token: string, module: Module | null, at: Date | undefined) {
    if (!at || !activity.isDue(token, at)) return read(token, module);
    try {
      return await read(token, module, true);
    } catch (error) {
      // Recording the activity must not fail the request: read without it (the next request tries again).
      onActivityError(error);
      activity.forget(token);
      return read(token, module);
    }
  }

  async function touchAlone(token: string, sessionId: string, at: Date): Promise<void> {
    if (!activity.isDue(token, at)) return;
    await owner.execute(sql`select app_touch_session(${sessionId}::uuid)`).catch((error) => {
      onActivityError(error);
      activity.forget(token);
    });
  }

  return {
    async find(token, module, { reuseUnproven = false, activityAt } = {}) {
      const key = cacheKey(token, module);
      const cached = cache.get(key);
      if (reuseUnproven && cached && cached.expiresAt > Date.now()) {
        if (activityAt) await touchAlone(token, cached.resolved.user.sessionId, activityAt);
        return { found: cached, unproven: { ...cached, token, module } };
      }
      const found = await readRecordingActivity(token, module, activityAt);
      if (!found) {
        cache.delete(key);
        activity.forget(token);
        return null;
      }
      if (cache.size >= MAX_CACHED_SESSIONS) cache.clear();
      cache.set(key, found);
      return { found, unproven: null };
    },
    async prove(session) {
      return (await read(session.token, session.module))?.authEpoch === session.authEpoch;
    },
    forget(token, module) {
      cache.delete(cacheKey(token, module));
    },
  };
}

/** When each session's activity was last written by this process: at most once a minute. */
function activityPacer() {
  const lastWritten = new Map<string, number>();
  return {
    /** Whether the activity is due at `at`; if so, it counts as written now. */
    isDue(token: string, at: Date): boolean {
      const now = at.getTime();
      const last = lastWritten.get(token);
      if (last !== undefined && now - last < ACTIVITY_WRITE_INTERVAL_MS && now >= last) return false;
      if (lastWritten.size >= MAX_CACHED_SESSIONS) lastWritten.clear();
      lastWritten.set(token, now);
      return true;
    },
    forget(token: string): void {
      lastWritten.delete(token);
    },
  };
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
    isSessionTwoFactorVerified: row.session_two_factor_verified === true,
    isEmailVerified: row.email_verified === true,
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
