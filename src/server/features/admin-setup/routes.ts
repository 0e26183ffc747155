import {
  type AdminSetupStatus,
  adminSetupSchema,
  adminSetupStatusSchema,
  createdSuperAdminSchema,
} from "#domain/schemas/admin-setup.ts";
import { defineRoute, PUBLIC } from "../../http/route.ts";
import { createSuperAdmin } from "./create-super-admin.ts";
import { superAdminExists } from "./super-admin-exists.ts";

export const SUPER_ADMIN_CREATED = "Super admin criado com sucesso! Você já pode fazer login.";

export const adminSetupRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/admin-setup/status",
    response: adminSetupStatusSchema,
    access: PUBLIC,
    handler: async ({ deps }): Promise<AdminSetupStatus> => ({ isSetUp: await superAdminExists(deps.database.owner) }),
  }),
  defineRoute({
    method: "POST",
    path: "/api/admin-setup",
    response: createdSuperAdminSchema,
    access: PUBLIC,
    tightRateLimit: true,
    body: adminSetupSchema,
    handler: async ({ body, deps, request, c }) => {
      const created = await createSuperAdmin(deps, body, request);
      return c.json({ data: { id: created.id, email: created.email }, message: SUPER_ADMIN_CREATED }, 201);
    },
  }),
];
