/** Every event the audit log records; `recordAudit` writes one in the caller's transaction. */
export type AuditEvent =
  | { action: "login"; resourceType: "auth"; resourceId?: string; details?: { method?: string } }
  | { action: "logout"; resourceType: "auth"; resourceId?: string }
  | { action: "login_failed"; resourceType: "auth"; details: { email: string; reason: string } }
  | { action: "account_locked"; resourceType: "auth"; details: { email: string; until: string } }
  | { action: "account_unlocked"; resourceType: "auth"; resourceId?: string; details: { email: string } }
  | { action: "signup"; resourceType: "user"; resourceId: string }
  | {
      action:
        | "password_reset_requested"
        | "password_reset"
        | "password_changed"
        | "email_verification_sent"
        | "email_verified";
      resourceType: "user";
      resourceId: string;
    }
  | { action: "session_revoked"; resourceType: "session"; resourceId: string; details?: { others?: number } }
  | { action: "create_super_admin"; resourceType: "user"; resourceId: string }
  | { action: "two_factor_enabled" | "two_factor_disabled"; resourceType: "user"; resourceId: string }
  | {
      action: "create" | "update" | "delete";
      resourceType: string;
      resourceId?: string;
      details?: Record<string, unknown>;
    }
  | { action: "update_role"; resourceType: "user_roles"; resourceId: string; details: { from: string; to: string } }
  | {
      action: "create_invite" | "cancel_invite" | "accept_invite";
      resourceType: "agency_invites";
      resourceId: string;
      details?: Record<string, unknown>;
    }
  | { action: "update_settings"; resourceType: "agency_settings"; resourceId: string; details: Record<string, unknown> }
  | {
      action:
        | "change_permissions"
        | "create_template"
        | "apply_template"
        | "delete_template"
        | "create_backup"
        | "restore_backup"
        | "delete_backup"
        | "import_permissions";
      resourceType: "role_permissions" | "permission_templates";
      resourceId?: string;
      details?: Record<string, unknown>;
    }
  | { action: "cleanup_audit_logs"; resourceType: "audit_logs"; details: { olderThanDays: number; removed: number } }
  | { action: "export_backup"; resourceType: "agencies"; resourceId: string; details: { name: string } }
  | { action: "export_backup"; resourceType: "platform"; details: { agencies: number } }
  | {
      action: "export_backup";
      resourceType: "agency_backups";
      resourceId: string;
      details: { createdAt: string; size: number };
    };

export type AuditAction = AuditEvent["action"];

/** Actions counted as critical in the audit statistics and suspicious list (spec §9). */
export const CRITICAL_ACTIONS = ["delete", "update_role", "change_permissions"] as const;
