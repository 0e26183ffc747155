import { eq } from "drizzle-orm";
import { isRole } from "#domain/roles.ts";
import { PERMISSION_MESSAGES, type PermissionTemplate, type TemplateFlags } from "#domain/schemas/permissions.ts";
import type { Tx } from "../../db/client.ts";
import { permissionTemplates } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";

export type TemplateRow = typeof permissionTemplates.$inferSelect;

export function toTemplate(row: TemplateRow): PermissionTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    role: isRole(row.role) ? row.role : "user",
    permissions: (row.permissions ?? {}) as PermissionTemplate["permissions"],
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findTemplate(tx: Tx, id: string): Promise<TemplateRow> {
  const [row] = await tx.select().from(permissionTemplates).where(eq(permissionTemplates.id, id));
  if (!row) throw new AppError("not_found", PERMISSION_MESSAGES.templateNotFound);
  return row;
}

export const NO_FLAGS: TemplateFlags = { can_view: false, can_create: false, can_edit: false, can_delete: false };
