import { healthSchema } from "#domain/schemas/me.ts";
import { appliedMigration } from "../../db/migrate.ts";
import { defineRoute, PUBLIC } from "../../http/route.ts";

export const healthRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/health",
    response: healthSchema,
    access: PUBLIC,
    handler: async ({ deps }) => ({
      status: "ok",
      database: deps.database.kind,
      migration: await appliedMigration(deps.database),
    }),
  }),
];
