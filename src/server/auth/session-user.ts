import { sql } from "drizzle-orm";
import type { Action, PermissionFlags } from "#domain/permissions.ts";
import { allows } from "#domain/permissions.ts";
import type { Module } from "#domain/modules.ts";
import { isAdmin, isSuperAdmin, normalizeRole, type Role } from "#domain/roles.ts";
import { type Db, queryRows } from "../db/client.ts";

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

/**
 * Who holds this session token, with role, agency and the permission row of one module:
 * a single round trip, so authentication and authorisation cost one query together.
 * Nothing is cached, so a revoked role or deleted user loses access on the next request.
 */
export async function resolveSession(db: Db, token: string, module: Module | null): Promise<ResolvedSession | null> {
  const [row] = await queryRows<Row>(
    db,
    sql`
    select s.id as session_id, u.id as user_id, u.email, u.two_factor_enabled,
           p.first_name, p.last_name, p.company, p.agency_id,
           a.name as agency_name, a.subscription_status,
           r.role,
           (select st.setting_value from agency_settings st
             where st.agency_id = p.agency_id and st.setting_key = 'two_factor_required') as two_factor_required,
           rp.can_view, rp.can_create, rp.can_edit, rp.can_delete
      from session s
      join "user" u on u.id = s.user_id
      left join profiles p on p.id = u.id
      left join agencies a on a.id = p.agency_id
      left join user_roles r on r.user_id = u.id
      left join role_permissions rp on rp.role = coalesce(r.role, 'user') and rp.module = ${module ?? ""}
     where s.token = ${token} and s.expires_at > now()`,
  );
  if (!row) return null;
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
  return { user, permission };
}

/** Super admin always passes; otherwise the role's permission row of the route's module decides. */
export function isAllowed(user: SessionUser | null, permission: PermissionFlags | undefined, action: Action): boolean {
  if (!user) return false;
  if (user.isSuperAdmin) return true;
  return allows(permission, action);
}
