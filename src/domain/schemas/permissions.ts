import { moduleSchema, recordScopeSchema, roleSchema } from "./shared-answers.ts";
import { z } from "zod";
import { isModule, type Module } from "../modules.ts";
import { ACTIONS, type PermissionFlags, RECORD_SCOPES, type RecordScope } from "../permissions.ts";
import { ASSIGNABLE_ROLES, isRole, type Role } from "../roles.ts";
import { countLabel } from "../count-label.ts";
import { checkPermissionsFile, EXPORT_VERSION } from "./permissions-file.ts";

/** Texts of the permissions tab and the permissions screen (spec §2.7, §2.9, §5, §8). */
export const PERMISSION_MESSAGES = {
  accessDenied: "Acesso negado — Apenas super administradores podem acessar esta seção",
  empty: "Nenhuma permissão encontrada",
  loadFailed: "Erro ao carregar permissões",
  loadUnexpected: "Erro inesperado ao carregar permissões",
  updated: "Permissão atualizada com sucesso",
  updateFailed: "Erro ao atualizar permissão",
  superAdminLocked: "As permissões do Super Admin não podem ser alteradas",
  templateNameRequired: "Nome do template é obrigatório",
  templatesEmpty: "Nenhum template criado ainda",
  templateCreated: "Template criado com sucesso",
  templateCreateFailed: "Erro ao criar template",
  templateApplied: "Template aplicado com sucesso",
  templateApplyFailed: "Erro ao aplicar template",
  templateRemoved: "Template removido com sucesso",
  templateRemoveFailed: "Erro ao remover template",
  templateNotFound: "Template não encontrado",
  backupsEmpty: "Nenhum backup encontrado",
  backupCreated: "Backup criado com sucesso",
  backupCreateFailed: "Erro ao criar backup",
  backupRestored: "Backup restaurado com sucesso",
  backupRestoreFailed: "Erro ao restaurar backup",
  backupRemoved: "Backup removido com sucesso",
  backupRemoveFailed: "Erro ao remover backup",
  backupNotFound: "Backup não encontrado",
  importRequired: "Dados de importação são obrigatórios",
  invalidFormat: "Formato de dados inválido",
  imported: "Permissões importadas com sucesso",
  importFailed: "Erro ao importar permissões",
  invalidRole: "Função inválida",
} as const;

/** How many backups the tab lists (spec §9). */
export const BACKUP_LIST_LIMIT = 10;
export { EXPORT_VERSION };

/** A role_permissions row as exported, backed up and imported: the table's own column names. */
export const permissionRecordAnswerSchema = z.object({
  role: roleSchema,
  module: moduleSchema,
  can_view: z.boolean(),
  can_create: z.boolean(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  /** Absent in files exported before record scope existed: the role's default applies on restore. */
  record_scope: recordScopeSchema.optional(),
});
export type PermissionRecord = z.infer<typeof permissionRecordAnswerSchema>;

export function toRecord(
  row: PermissionFlags & { role: Role; module: Module; recordScope?: RecordScope },
): PermissionRecord {
  return {
    role: row.role,
    module: row.module,
    can_view: row.canView,
    can_create: row.canCreate,
    can_edit: row.canEdit,
    can_delete: row.canDelete,
    ...(row.recordScope ? { record_scope: row.recordScope } : {}),
  };
}

export function toFlags(record: Omit<PermissionRecord, "role" | "module">): PermissionFlags {
  return {
    canView: record.can_view,
    canCreate: record.can_create,
    canEdit: record.can_edit,
    canDelete: record.can_delete,
  };
}

const role = z.string().refine(isRole, PERMISSION_MESSAGES.invalidRole) as unknown as z.ZodType<Role>;
const editableRole = z.enum(ASSIGNABLE_ROLES, { error: PERMISSION_MESSAGES.superAdminLocked });
const flagsShape = {
  can_view: z.boolean(),
  can_create: z.boolean(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
};

/** Strict check of one imported row: a known role, a known module, four booleans. */
const permissionRecordSchema = z.object({
  role: z.string().refine(isRole),
  module: z.string().refine(isModule),
  ...flagsShape,
  record_scope: z.enum(RECORD_SCOPES).optional(),
}) as unknown as z.ZodType<PermissionRecord>;

const hasUniquePairs = (records: PermissionRecord[]) =>
  new Set(records.map((r) => `${r.role}:${r.module}`)).size === records.length;

/** The exported file: only `permissions` matters on the way back in. */
export const permissionsFileSchema = z.object({
  permissions: z.array(permissionRecordSchema).min(1).refine(hasUniquePairs),
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** How many problems an import refusal lists; the rest are counted. */
export const IMPORT_PROBLEMS_SHOWN = 10;

/** The refusal of a file with problems: the spec's message, that nothing changed, then the problems, one a line. */
export function importRefused(problems: string[]): string {
  const shown = problems.slice(0, IMPORT_PROBLEMS_SHOWN);
  const rest = problems.length - shown.length;
  return [
    `${PERMISSION_MESSAGES.invalidFormat}: nada foi importado. Corrija o arquivo e importe de novo:`,
    ...shown.map((problem) => `• ${problem}`),
    ...(rest > 0 ? [`• e mais ${countLabel(rest, "problema", "problemas")}`] : []),
  ].join("\n");
}

/**
 * The import body: the pasted or uploaded text. Empty text and text that is not JSON get the
 * spec's messages; a file with any problem (checkPermissionsFile) is refused as a whole, every
 * problem named, so nothing is imported in part or skipped unseen.
 */
export const importPermissionsSchema = z.object({
  data: z
    .string({ error: PERMISSION_MESSAGES.importRequired })
    .trim()
    .min(1, PERMISSION_MESSAGES.importRequired)
    .transform((text, ctx) => {
      const file = parseJson(text);
      if (file === undefined) {
        ctx.addIssue({ code: "custom", message: PERMISSION_MESSAGES.invalidFormat });
        return z.NEVER;
      }
      const checked = checkPermissionsFile(file);
      if ("records" in checked) return checked.records;
      ctx.addIssue({ code: "custom", message: importRefused(checked.problems) });
      return z.NEVER;
    }),
});
export type ImportPermissionsInput = z.input<typeof importPermissionsSchema>;

/** One switch of the role-permission table. */
export const togglePermissionSchema = z.object({
  role: editableRole,
  module: z.string().refine(isModule, PERMISSION_MESSAGES.invalidFormat) as unknown as z.ZodType<Module>,
  action: z.enum(ACTIONS),
  enabled: z.boolean(),
});
export type TogglePermissionBody = z.output<typeof togglePermissionSchema>;

export const createTemplateSchema = z.object({
  name: z
    .string({ error: PERMISSION_MESSAGES.templateNameRequired })
    .trim()
    .min(1, PERMISSION_MESSAGES.templateNameRequired)
    .max(120),
  description: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((value) => (value ? value : null)),
  role,
});
export type CreateTemplateInput = z.input<typeof createTemplateSchema>;

export const applyTemplateSchema = z.object({ role: editableRole });

export const permissionRowSchema = permissionRecordAnswerSchema.extend({ id: z.string() });
export type PermissionRow = z.infer<typeof permissionRowSchema>;
export const recordScopeRowSchema = z.object({
  role: roleSchema,
  module: moduleSchema,
  record_scope: recordScopeSchema,
});
export type RecordScopeRow = z.infer<typeof recordScopeRowSchema>;

/** Labels of the record scope select (issue 16 §7). */
export const RECORD_SCOPE_LABELS = {
  all: "Todos os registros da agência",
  own: "Somente os próprios registros",
} as const;

/** One role × module record scope change (super admin permissions table). */
export const recordScopeChangeSchema = z.object({
  role: editableRole,
  module: z.string().refine(isModule, PERMISSION_MESSAGES.invalidFormat) as unknown as z.ZodType<Module>,
  recordScope: z.enum(["all", "own"], { error: "Escopo de registros inválido." }),
});
export type RecordScopeChange = z.output<typeof recordScopeChangeSchema>;

/** A template holds the four switches per module; applying it keeps each row's record scope. */
export type TemplateFlags = Omit<PermissionRecord, "role" | "module" | "record_scope">;

const templateFlagsSchema = z.object({
  can_view: z.boolean(),
  can_create: z.boolean(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});

export const permissionTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  role: roleSchema,
  permissions: z.partialRecord(moduleSchema, templateFlagsSchema),
  createdAt: z.string(),
});
export type PermissionTemplate = z.infer<typeof permissionTemplateSchema>;

export const permissionBackupSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  totalPermissions: z.number(),
});
export type PermissionBackup = z.infer<typeof permissionBackupSchema>;

export const permissionsExportSchema = z.object({
  exported_at: z.string(),
  version: z.literal(EXPORT_VERSION),
  permissions: z.array(permissionRecordAnswerSchema),
  total_permissions: z.number(),
});
export type PermissionsExport = z.infer<typeof permissionsExportSchema>;

/** Restore and import: how many rows the table now holds. */
export const permissionTotalSchema = z.object({ total_permissions: z.number() });

const pad = (n: number) => String(n).padStart(2, "0");

/** `permissions-backup-yyyy-MM-dd-HH-mm.json` in the browser's local time (spec §7). */
export function permissionsExportFileName(date: Date): string {
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `permissions-backup-${day}-${pad(date.getHours())}-${pad(date.getMinutes())}.json`;
}
