import { AUTO_BACKUP_MESSAGES, autoBackupListSchema, autoBackupParamsSchema } from "#domain/schemas/auto-backups.ts";
import { AppError } from "../../http/errors.ts";
import { agencyOf } from "../../http/params.ts";
import { defineRoute, needs } from "../../http/route.ts";
import { requireRecentAuthentication } from "../sessions/require-recent-authentication.ts";
import { downloadAutoBackup } from "./download-auto-backup.ts";
import { listAutoBackups } from "./list-auto-backups.ts";

/** A path that names no backup (not an id) is a backup that does not exist. */
function backupIdOf(params: Record<string, string>): string {
  const parsed = autoBackupParamsSchema.safeParse(params);
  if (!parsed.success) throw new AppError("not_found", AUTO_BACKUP_MESSAGES.notFound);
  return parsed.data.backupId;
}

/**
 * The agency's automatic backups (Configurações > Sistema). A backup holds every record of the
 * agency, so both routes need edit on configuracoes (who manages the agency), not just view.
 */
export const autoBackupRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/agency/backups",
    access: needs("configuracoes", "edit"),
    response: autoBackupListSchema,
    summary: "Backups automáticos da agência, do mais recente ao mais antigo",
    handler: async ({ user, tenant }) => {
      const agencyId = agencyOf(user);
      return { backups: await tenant((tx) => listAutoBackups(tx, agencyId)) };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/agency/backups/:backupId",
    access: needs("configuracoes", "edit"),
    response: { contentType: "application/gzip", description: "O backup automático (JSON comprimido com gzip)" },
    summary: "Baixa um backup automático da agência (pede a senha se a sessão não a confirmou há pouco)",
    handler: async ({ user, tenant, params, deps, request }) => {
      const agencyId = agencyOf(user);
      const id = backupIdOf(params);
      await requireRecentAuthentication(deps.database, user, deps.now());
      return downloadAutoBackup(deps, tenant, user, agencyId, id, request);
    },
  }),
];
