import { desc } from "drizzle-orm";
import type { PermissionTemplate } from "#domain/schemas/permissions.ts";
import type { Tx } from "../../db/client.ts";
import { permissionTemplates } from "../../db/schema.ts";
import { toTemplate } from "./template-row.ts";

export async function listTemplates(tx: Tx): Promise<PermissionTemplate[]> {
  const rows = await tx.select().from(permissionTemplates).orderBy(desc(permissionTemplates.createdAt));
  return rows.map(toTemplate);
}
