import { adminSetupRoutes } from "./features/admin-setup/routes.ts";
import { healthRoutes } from "./features/health/routes.ts";
import { meRoutes } from "./features/me/routes.ts";
import { inviteAcceptanceRoutes } from "./features/invite-acceptance/routes.ts";
import type { AnyRoute } from "./http/route.ts";

/** The server's whole route table: mounted by app.ts, walked by the permission and isolation tests. */
export const ROUTES: AnyRoute[] = [...healthRoutes, ...meRoutes, ...adminSetupRoutes, ...inviteAcceptanceRoutes];
