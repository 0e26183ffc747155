import {
  auditCleanupSchema,
  auditFilterSchema,
  auditLogListSchema,
  auditStatsSchema,
  auditCleanupResultSchema,
} from "#domain/schemas/audit.ts";
import { defineRoute, needs, SUPER_ADMIN } from "../../http/route.ts";
import { auditStats } from "./audit-stats.ts";
import { cleanupAuditLogs } from "./cleanup-audit-logs.ts";
import { auditSearchTimeout, listAuditLogs } from "./list-audit-logs.ts";

export const auditRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/audit-logs",
    response: auditLogListSchema,
    access: needs("audit_logs", "view"),
    query: auditFilterSchema,
    handler: ({ tenant, user, query }) =>
      tenant((tx) => listAuditLogs(tx, user, query), { statementTimeoutMs: auditSearchTimeout(query) }),
  }),
  defineRoute({
    method: "GET",
    path: "/api/audit-logs/stats",
    response: auditStatsSchema,
    access: needs("audit_logs", "view"),
    handler: ({ tenant, user, deps }) => tenant((tx) => auditStats(tx, user, deps.now())),
  }),
  defineRoute({
    method: "POST",
    path: "/api/audit-logs/cleanup",
    response: auditCleanupResultSchema,
    access: SUPER_ADMIN,
    body: auditCleanupSchema,
    handler: ({ tenant, user, body, deps, request }) => cleanupAuditLogs(tenant, user, body.days, deps.now(), request),
  }),
];
