import { eq } from "drizzle-orm";
import { isModule } from "#domain/modules.ts";
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
    permissions: templateFlagsByModule(row.permissions),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findTemplate(tx: Tx, id: string): Promise<TemplateRow> {
  const [row] = await tx.select().from(permissionTemplates).where(eq(permissionTemplates.id, id));
  if (!row) throw new AppError("not_found", PERMISSION_MESSAGES.templateNotFound);
  return row;
}

export const NO_FLAGS: TemplateFlags = { can_view: false, can_create: false, can_edit: false, can_delete: false };

/**
 * The four switches of each known module, whatever else the stored JSON holds: templates saved
 * before this kept each row's record scope too, which a template says nothing about (applying one
 * keeps the role's scopes) and its published answer does not carry.
 */
export function templateFlagsByModule(stored: unknown): PermissionTemplate["permissions"] {
  if (typeof stored !== "object" || stored === null) return {};
  const byModule: PermissionTemplate["permissions"] = {};
  for (const [module, flags] of Object.entries(stored)) {
    if (isModule(module)) byModule[module] = { ...NO_FLAGS, ...pickFlags(flags) };
  }
  return byModule;
}

function pickFlags(flags: unknown): Partial<TemplateFlags> {
  if (typeof flags !== "object" || flags === null) return {};
  const picked: Partial<TemplateFlags> = {};
  for (const key of Object.keys(NO_FLAGS) as (keyof TemplateFlags)[]) {
    const value = (flags as Record<string, unknown>)[key];
    if (typeof value === "boolean") picked[key] = value;
  }
  return picked;
}
