import { AUTO_BACKUP_MESSAGES, autoBackupListSchema } from "#domain/schemas/auto-backups.ts";
import { agencyOf, uuidParam } from "../../http/params.ts";
import { defineRoute, needs } from "../../http/route.ts";
import { requireRecentAuthentication } from "../sessions/require-recent-authentication.ts";
import { downloadAutoBackup } from "./download-auto-backup.ts";
import { listAutoBackups } from "./list-auto-backups.ts";

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
      const id = uuidParam(params, "backupId", AUTO_BACKUP_MESSAGES.notFound);
      await requireRecentAuthentication(deps.database, user, deps.now());
      return downloadAutoBackup(deps, tenant, user, agencyId, id, request);
    },
  }),
];
