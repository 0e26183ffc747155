import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { defaultPoolSize } from "#server/config.ts";
import { postgresDatabase } from "#server/db/client.ts";
import { readTenantRows, type TenantContext } from "#server/db/tenant.ts";
import { listUsersJson } from "#server/features/agency-users/list-users.ts";
import { jsonText } from "#server/http/json-text.ts";

/**
 * A reference for the tenant list, not a bar: the list's own statements (tenant context and page,
 * one round trip, through the app's database layer and pool size) behind a bare Hono, with none of
 * the app's middleware, session, limits or route checks. The app's list divided by this is the
 * share the app's request path keeps; this divided by the baseline is what the machine allows the
 * list's database work at best.
 */
const database = postgresDatabase(String(process.env.DATABASE_URL), { max: defaultPoolSize() });
const agencyId = String(process.env.AGENCY_ID);
const context: TenantContext = { userId: String(process.env.USER_ID), agencyId, isSuperAdmin: false, apiKeyId: null };

const app = new Hono();
app.get("/api/health", (c) => c.json({ status: "ok" }));
app.get("/list", async () =>
  jsonText(
    await listUsersJson((statement, params) => readTenantRows(database, context, statement, params), agencyId, {
      limit: 50,
    }),
  ),
);

const port = Number(process.env.PORT ?? 3302);
serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
