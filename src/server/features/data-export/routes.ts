import { sql } from "drizzle-orm";
import { z } from "zod";
import { slugify } from "#domain/slug.ts";
import { queryRows, type Tx } from "../../db/client.ts";
import { downloadByPieces } from "../../http/download-by-pieces.ts";
import { AppError, MESSAGES } from "../../http/errors.ts";
import { defineRoute, type RouteContext, SUPER_ADMIN } from "../../http/route.ts";
import { StalledClientError, type WritePiece } from "../../http/streamed-attachment.ts";
import { requireRecentAuthentication } from "../sessions/require-recent-authentication.ts";
import { recordBackupExport } from "./record-backup-export.ts";
import { writeAgencyBackup, writePlatformBackup } from "./write-backup.ts";

type Ctx = RouteContext<unknown, unknown, typeof SUPER_ADMIN>;

const day = (now: Date) => now.toISOString().slice(0, 10);

/**
 * A backup streamed as its tables are read, in one read-only tenant transaction on one snapshot
 * (REPEATABLE READ: the tables agree with one another), with row-level security as every request
 * (docs/decisions/031-streamed-backups.md). A failure once the download has started cuts it and
 * is logged, so a broken backup never looks whole.
 */
function backupDownload(ctx: Ctx, fileName: string, produce: (tx: Tx, write: WritePiece) => Promise<void>) {
  const headers = {
    "content-type": "application/json; charset=utf-8",
    "content-disposition": `attachment; filename="${fileName}"`,
    "cache-control": "no-store",
  };
  const writeAll = (write: WritePiece) => ctx.tenant((tx) => produce(tx, write), { repeatableRead: true });
  return downloadByPieces(ctx.deps.database.kind, headers, writeAll, (error) => {
    const isClientSide = ctx.c.req.raw.signal.aborted || error instanceof StalledClientError;
    ctx.deps.logger[isClientSide ? "warn" : "error"]({ err: error, isClientSide }, `backup ${fileName} interrompido`);
  });
}

/** The agency to back up, read in the tenant context (which also proves a reused session). */
async function findAgency(ctx: Ctx, id: string) {
  const [agency] = await ctx.tenant((tx) =>
    queryRows<{ name: string; slug: string }>(tx, sql`select name, slug from agencies where id = ${id}`),
  );
  if (!agency) throw new AppError("not_found", MESSAGES.notFound);
  return agency;
}

export const dataExportRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/admin/export/agencies/:id",
    response: {
      contentType: "application/json",
      description: "Cópia de segurança da agência (arquivo JSON para baixar)",
    },
    access: SUPER_ADMIN,
    handler: async (ctx) => {
      const id = z.uuid().safeParse(ctx.params.id);
      if (!id.success) throw new AppError("not_found", MESSAGES.notFound);
      await requireRecentAuthentication(ctx.deps.database, ctx.user, ctx.deps.now());
      const now = ctx.deps.now();
      const agency = await findAgency(ctx, id.data);
      await recordBackupExport(ctx.deps.database, ctx.user, ctx.request, {
        action: "export_backup",
        resourceType: "agencies",
        resourceId: id.data,
        details: { name: agency.name },
      });
      const slug = slugify(agency.slug) || "agencia";
      return backupDownload(ctx, `nexo-backup-${slug}-${day(now)}.json`, (tx, write) =>
        writeAgencyBackup(tx, id.data, now, write),
      );
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/admin/export/platform",
    response: {
      contentType: "application/json",
      description: "Cópia de segurança da plataforma (arquivo JSON para baixar)",
    },
    access: SUPER_ADMIN,
    handler: async (ctx) => {
      await requireRecentAuthentication(ctx.deps.database, ctx.user, ctx.deps.now());
      const now = ctx.deps.now();
      const [{ agencies }] = await ctx.tenant((tx) =>
        queryRows<{ agencies: number }>(tx, sql`select count(*)::int as agencies from agencies`),
      );
      await recordBackupExport(ctx.deps.database, ctx.user, ctx.request, {
        action: "export_backup",
        resourceType: "platform",
        details: { agencies },
      });
      return backupDownload(ctx, `nexo-backup-plataforma-${day(now)}.json`, (tx, write) =>
        writePlatformBackup(tx, now, write),
      );
    },
  }),
];
