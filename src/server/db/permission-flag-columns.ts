import { rolePermissions } from "./schema.ts";

/** The four action flags of a role_permissions row, as a select shape (PermissionFlags). */
export const PERMISSION_FLAG_COLUMNS = {
  canView: rolePermissions.canView,
  canCreate: rolePermissions.canCreate,
  canEdit: rolePermissions.canEdit,
  canDelete: rolePermissions.canDelete,
} as const;
