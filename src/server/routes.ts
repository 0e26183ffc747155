import { emailVerificationRoutes } from "./features/email-verification/routes.ts";
import { adminSetupRoutes } from "./features/admin-setup/routes.ts";
import { healthRoutes } from "./features/health/routes.ts";
import { meRoutes } from "./features/me/routes.ts";
import { inviteAcceptanceRoutes } from "./features/invite-acceptance/routes.ts";
import { adminUserRoutes } from "./features/admin-users/routes.ts";
import { agencyRoutes } from "./features/agencies/routes.ts";
import { auditRoutes } from "./features/audit/routes.ts";
import { dataExportRoutes } from "./features/data-export/routes.ts";
import { securityAdminRoutes } from "./features/security-admin/routes.ts";
import { dashboardRoutes } from "./features/dashboard/routes.ts";
import { agencyUserRoutes } from "./features/agency-users/routes.ts";
import { inviteRoutes } from "./features/invites/routes.ts";
import { permissionRoutes } from "./features/permissions/routes.ts";
import { agencySettingsRoutes } from "./features/agency-settings/routes.ts";
import { autoBackupRoutes } from "./features/auto-backups/routes.ts";
import { attachmentRoutes } from "./features/attachments/routes.ts";
import { projectRoutes } from "./features/projects/routes.ts";
import { taskRoutes } from "./features/tasks/routes.ts";
import { timeRoutes } from "./features/time-tracking/routes.ts";
import { calendarRoutes } from "./features/calendar/routes.ts";
import { crmRoutes } from "./features/crm/routes.ts";
import { passwordResetRoutes } from "./features/password-reset/routes.ts";
import { emailOutboxRoutes } from "./features/email-outbox/routes.ts";
import { jobRoutes } from "./features/jobs/routes.ts";
import { notificationRoutes } from "./features/notifications/routes.ts";
import { searchRoutes } from "./features/search/routes.ts";
import { timelineRoutes } from "./features/timeline/routes.ts";
import { sessionRoutes } from "./features/sessions/routes.ts";
import { financeRoutes } from "./features/finance/routes.ts";
import { apiKeyRoutes } from "./features/api-keys/routes.ts";
import { webhookRoutes } from "./features/webhooks/routes.ts";
import { apiDocsRoutes } from "./features/api-docs/routes.ts";
import type { AnyRoute } from "./http/route.ts";

/** The server's whole route table: mounted by app.ts, walked by the permission and isolation tests. */
export const ROUTES: AnyRoute[] = [
  ...healthRoutes,
  ...meRoutes,
  ...adminSetupRoutes,
  ...inviteAcceptanceRoutes,
  ...agencyRoutes,
  ...adminUserRoutes,
  ...auditRoutes,
  ...securityAdminRoutes,
  ...dataExportRoutes,
  ...dashboardRoutes,
  ...agencyUserRoutes,
  ...inviteRoutes,
  ...permissionRoutes,
  ...agencySettingsRoutes,
  ...autoBackupRoutes,
  ...projectRoutes,
  ...taskRoutes,
  ...timeRoutes,
  ...calendarRoutes,
  ...crmRoutes,
  ...passwordResetRoutes,
  ...emailVerificationRoutes,
  ...jobRoutes,
  ...notificationRoutes,
  ...searchRoutes,
  ...timelineRoutes,
  ...attachmentRoutes,
  ...emailOutboxRoutes,
  ...sessionRoutes,
  ...financeRoutes,
  ...apiKeyRoutes,
  ...webhookRoutes,
  ...apiDocsRoutes,
];
