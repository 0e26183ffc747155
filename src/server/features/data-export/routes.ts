import type { Context } from "hono";
import { z } from "zod";
import { slugify } from "#domain/slug.ts";
import { AppError, MESSAGES } from "../../http/errors.ts";
import { defineRoute, SUPER_ADMIN } from "../../http/route.ts";
import { exportAgency, exportPlatform } from "./export-data.ts";
import { requireRecentAuthentication } from "../sessions/require-recent-authentication.ts";

function attachment(c: Context, fileName: string, data: unknown): Response {
  return c.body(JSON.stringify(data, null, 2), 200, {
    "content-type": "application/json; charset=utf-8",
    "content-disposition": `attachment; filename="${fileName}"`,
    "cache-control": "no-store",
  });
}

const day = (now: Date) => now.toISOString().slice(0, 10);

export const dataExportRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/admin/export/agencies/:id",
    response: {
      contentType: "application/json",
      description: "Cópia de segurança da agência (arquivo JSON para baixar)",
    },
    access: SUPER_ADMIN,
    handler: async ({ tenant, params, deps, c, user }) => {
      const id = z.uuid().safeParse(params.id);
      if (!id.success) throw new AppError("not_found", MESSAGES.notFound);
      await requireRecentAuthentication(deps.database, user, deps.now());
      const now = deps.now();
      const data = await tenant((tx) => exportAgency(tx, id.data, now));
      if (!data) throw new AppError("not_found", MESSAGES.notFound);
      const slug = slugify(String(data.agency.slug ?? "agencia")) || "agencia";
      return attachment(c, `nexo-backup-${slug}-${day(now)}.json`, data);
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
    handler: async ({ tenant, deps, c, user }) => {
      await requireRecentAuthentication(deps.database, user, deps.now());
      const now = deps.now();
      const data = await tenant((tx) => exportPlatform(tx, now));
      return attachment(c, `nexo-backup-plataforma-${day(now)}.json`, data);
    },
  }),
];
