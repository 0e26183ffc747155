import { createHash, randomBytes } from "node:crypto";
import type { Module } from "#domain/modules.ts";
import { canGrantRole, isAdmin, normalizeRole } from "#domain/roles.ts";
import type { Database } from "../db/client.ts";
import { readTenantRows, type SqlStatement, withTenant } from "../db/tenant.ts";
import { sql } from "drizzle-orm";
import type { ResolvedSession, SessionUser } from "./session-user.ts";

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = "nexo_";

/** How many leading characters of a key the list shows to tell keys apart. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;

export const hashApiKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** A new key (256 random bits), its hash (all that is stored) and the prefix the list shows. */
export function generateApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, SHOWN_PREFIX_LENGTH) };
}

/** The key of an `Authorization: Bearer <key>` header; null when the request has none. */
export function bearerKeyOf(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? match[1] : null;
}

const STATE: SqlStatement = {
  name: "nexo_api_key_state",
  text: "select key_id, user_id, email, first_name, last_name, company, agency_id, agency_name, role, can_view, can_create, can_edit, can_delete, creator_role from app_api_key_state($1, $2)",
};

type StateRow = [
  string,
  string,
  string,
  string | null,
  string | null,
  string | null,
  string,
  string,
  string,
  boolean | null,
  boolean | null,
  boolean | null,
  boolean | null,
  string,
];

/** Written at most this often per key (migration 0027 refuses more often too). */
const LAST_USED_INTERVAL_MS = 60_000;
const MAX_REMEMBERED_KEYS = 10_000;

export type ApiKeyStore = {
  /** Who the key acts as, with its role's permission row of `module`; null for an unknown, revoked or refused key. */
  resolve(key: string, module: Module | null): Promise<ResolvedSession | null>;
  /** Records the key's use (shown as "Último uso"). */
  touch(keyId: string, now: Date): Promise<void>;
};

/** Read on every request (nothing cached): a revoked key stops at once, on every server. */
export function createApiKeyStore(database: Database): ApiKeyStore {
  const lastTouched = new Map<string, number>();
  const noContext = { userId: null, agencyId: null, isSuperAdmin: false };
  return {
    async resolve(key, module) {
      if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
      const [row] = (await readTenantRows(database, noContext, STATE, [hashApiKey(key), module ?? ""])) as StateRow[];
      // A key never acts above its creator: one whose creator was since demoted stops working.
      if (!row || !canGrantRole(normalizeRole(row[13]), normalizeRole(row[8]))) return null;
      return resolvedFrom(row);
    },
    async touch(keyId, now) {
      const at = now.getTime();
      const last = lastTouched.get(keyId);
      if (last !== undefined && at - last < LAST_USED_INTERVAL_MS && at >= last) return;
      if (lastTouched.size >= MAX_REMEMBERED_KEYS) lastTouched.clear();
      lastTouched.set(keyId, at);
      await withTenant(database, noContext, (tx) => tx.execute(sql`select app_touch_api_key(${keyId}::uuid)`));
    },
  };
}

function resolvedFrom(row: StateRow): ResolvedSession {
  const [keyId, userId, email, firstName, lastName, company, agencyId, agencyName, roleText] = row;
  const [canView, canCreate, canEdit, canDelete] = row.slice(9, 13) as (boolean | null)[];
  const role = normalizeRole(roleText);
  const user: SessionUser = {
    id: userId,
    email,
    firstName: firstName ?? "",
    lastName: lastName ?? "",
    company,
    role,
    agencyId,
    agencyName,
    isAgencyActive: true,
    twoFactorEnabled: false,
    isTwoFactorRequired: false,
    isSuperAdmin: false,
    isAdmin: isAdmin(role),
    sessionId: "",
    isSessionTwoFactorVerified: true,
    isEmailVerified: true,
    apiKeyId: keyId,
    keyCreatorRole: normalizeRole(row[13]),
  };
  const permission =
    canView === null
      ? undefined
      : { canView, canCreate: Boolean(canCreate), canEdit: Boolean(canEdit), canDelete: Boolean(canDelete) };
  return Object.freeze({ user: Object.freeze(user), permission: permission && Object.freeze(permission) });
}
