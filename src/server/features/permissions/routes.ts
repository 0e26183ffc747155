import { okAnswerSchema } from "#domain/schemas/api-error.ts";
import { z } from "zod";
import {
  applyTemplateSchema,
  createTemplateSchema,
  importPermissionsSchema,
  recordScopeChangeSchema,
  togglePermissionSchema,
  permissionRowSchema,
  permissionRecordAnswerSchema,
  permissionTemplateSchema,
  permissionBackupSchema,
  permissionTotalSchema,
  permissionsExportSchema,
} from "#domain/schemas/permissions.ts";
import { AppError, MESSAGES } from "../../http/errors.ts";
import { defineRoute, needs, SUPER_ADMIN } from "../../http/route.ts";
import { applyTemplate } from "./apply-template.ts";
import { createBackup } from "./create-backup.ts";
import { createTemplate } from "./create-template.ts";
import { deleteBackup } from "./delete-backup.ts";
import { deleteTemplate } from "./delete-template.ts";
import { requireRecentAuthentication } from "../sessions/require-recent-authentication.ts";
import { exportPermissions } from "./export-permissions.ts";
import { importPermissions } from "./import-permissions.ts";
import { listBackups } from "./list-backups.ts";
import { listTemplates } from "./list-templates.ts";
import { restoreBackup } from "./restore-backup.ts";
import { loadPermissionRecords, loadPermissionRows } from "./permission-records.ts";
import { listRecordScopes, setRecordScope } from "./set-record-scope.ts";
import { togglePermission } from "./toggle-permission.ts";

function idFrom(params: Record<string, string>): string {
  const parsed = z.uuid().safeParse(params.id);
  if (!parsed.success) throw new AppError("not_found", MESSAGES.notFound);
  return parsed.data;
}

const BASE = "/api/admin/permissions";

export const permissionRoutes = [
  defineRoute({
    method: "GET",
    path: BASE,
    response: z.array(permissionRowSchema),
    access: SUPER_ADMIN,
    handler: ({ tenant }) => tenant((tx) => loadPermissionRows(tx)),
  }),
  defineRoute({
    method: "PATCH",
    path: BASE,
    response: permissionRecordAnswerSchema,
    access: SUPER_ADMIN,
    body: togglePermissionSchema,
    handler: ({ tenant, user, body, request }) => togglePermission(tenant, user, body, request),
  }),
  defineRoute({
    method: "GET",
    path: `${BASE}/scope`,
    access: SUPER_ADMIN,
    response: z.array(z.object({ role: z.string(), module: z.string(), record_scope: z.enum(["all", "own"]) })),
    summary: "Escopo de registros de cada função e módulo",
    handler: ({ tenant }) => tenant((tx) => listRecordScopes(tx)),
  }),
  defineRoute({
    method: "PATCH",
    path: `${BASE}/scope`,
    access: SUPER_ADMIN,
    body: recordScopeChangeSchema,
    response: z.object({ role: z.string(), module: z.string(), record_scope: z.enum(["all", "own"]) }),
    summary: "Define se a função acessa todos os registros do módulo na agência ou só os próprios",
    handler: ({ tenant, user, body, request }) => setRecordScope(tenant, user, body, request),
  }),
  defineRoute({
    method: "GET",
    path: `${BASE}/templates`,
    response: z.array(permissionTemplateSchema),
    access: SUPER_ADMIN,
    handler: ({ tenant }) => tenant((tx) => listTemplates(tx)),
  }),
  defineRoute({
    method: "POST",
    path: `${BASE}/templates`,
    response: permissionTemplateSchema,
    access: SUPER_ADMIN,
    body: createTemplateSchema,
    handler: async ({ tenant, user, body, request, c }) =>
      c.json(await createTemplate(tenant, user, body, request), 201),
  }),
  defineRoute({
    method: "POST",
    path: `${BASE}/templates/:id/apply`,
    response: okAnswerSchema,
    access: SUPER_ADMIN,
    body: applyTemplateSchema,
    handler: ({ tenant, user, body, params, request }) =>
      applyTemplate(tenant, user, idFrom(params), body.role, request),
  }),
  defineRoute({
    method: "DELETE",
    path: `${BASE}/templates/:id`,
    response: okAnswerSchema,
    access: SUPER_ADMIN,
    handler: ({ tenant, user, params, request }) => deleteTemplate(tenant, user, idFrom(params), request),
  }),
  defineRoute({
    method: "GET",
    path: `${BASE}/backups`,
    response: z.array(permissionBackupSchema),
    access: SUPER_ADMIN,
    handler: ({ tenant }) => tenant((tx) => listBackups(tx)),
  }),
  defineRoute({
    method: "POST",
    path: `${BASE}/backups`,
    response: permissionBackupSchema.or(okAnswerSchema),
    access: SUPER_ADMIN,
    handler: async ({ tenant, user, request, c }) => c.json(await createBackup(tenant, user, request), 201),
  }),
  defineRoute({
    method: "POST",
    path: `${BASE}/backups/:id/restore`,
    response: permissionTotalSchema,
    access: SUPER_ADMIN,
    handler: ({ tenant, user, params, request }) => restoreBackup(tenant, user, idFrom(params), request),
  }),
  defineRoute({
    method: "DELETE",
    path: `${BASE}/backups/:id`,
    response: okAnswerSchema,
    access: SUPER_ADMIN,
    handler: ({ tenant, user, params, request }) => deleteBackup(tenant, user, idFrom(params), request),
  }),
  defineRoute({
    method: "GET",
    path: `${BASE}/export`,
    response: permissionsExportSchema,
    access: SUPER_ADMIN,
    handler: async ({ tenant, deps, user }) => {
      await requireRecentAuthentication(deps.database, user, deps.now());
      return tenant((tx) => exportPermissions(tx, deps.now()));
    },
  }),
  defineRoute({
    method: "POST",
    path: `${BASE}/import`,
    response: permissionTotalSchema,
    access: SUPER_ADMIN,
    body: importPermissionsSchema,
    // Replaces what every role may do: a role change for everyone at once.
    handler: async ({ tenant, user, body, request, deps }) => {
      await requireRecentAuthentication(deps.database, user, deps.now());
      return importPermissions(tenant, user, body.data, request);
    },
  }),
  // The read-only matrix of the permissions screen (spec §2.9): every role × module row.
  defineRoute({
    method: "GET",
    path: "/api/permissions/matrix",
    response: z.array(permissionRecordAnswerSchema),
    access: needs("portal_permissoes", "view"),
    handler: ({ tenant }) => tenant((tx) => loadPermissionRecords(tx)),
  }),
];
