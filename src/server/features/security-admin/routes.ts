import {
  unlockAccountSchema,
  securityOverviewSchema,
  unlockedAccountSchema,
  outboxMessagesSchema,
} from "#domain/schemas/security-admin.ts";
import { defineRoute, SUPER_ADMIN } from "../../http/route.ts";
import { securityOverview } from "./security-overview.ts";
import { listOutbox } from "./list-outbox.ts";
import { unlockAccount } from "./unlock-account.ts";

export const securityAdminRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/admin/security",
    response: securityOverviewSchema,
    access: SUPER_ADMIN,
    handler: ({ tenant, deps }) => securityOverview(deps.database.owner, tenant, deps.now()),
  }),
  defineRoute({
    method: "POST",
    path: "/api/admin/security/unlock",
    response: unlockedAccountSchema,
    access: SUPER_ADMIN,
    body: unlockAccountSchema,
    handler: ({ deps, user, body, request }) => unlockAccount(deps, user, body.email, request),
  }),
  defineRoute({
    method: "GET",
    path: "/api/admin/outbox",
    response: outboxMessagesSchema,
    access: SUPER_ADMIN,
    handler: ({ deps }) => listOutbox(deps.database.owner),
  }),
];
