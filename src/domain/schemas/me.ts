import { z } from "zod";
import { agencyDisplayPreferencesSchema } from "./agency-settings.ts";
import { moduleSchema, permissionFlagsSchema, roleSchema } from "./shared-answers.ts";

/** GET /api/me: who the caller is, what the role may do per module, how the agency shows dates and money. */
export const meSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    company: z.string().nullable(),
    role: roleSchema,
    agencyId: z.string().nullable(),
    agencyName: z.string().nullable(),
    isAgencyActive: z.boolean(),
    twoFactorEnabled: z.boolean(),
    isTwoFactorRequired: z.boolean(),
    isSuperAdmin: z.boolean(),
    isAdmin: z.boolean(),
    /** This session passed the second factor. */
    isSessionTwoFactorVerified: z.boolean(),
    isEmailVerified: z.boolean(),
  }),
  permissions: z.array(permissionFlagsSchema.extend({ module: moduleSchema })),
  /** Null without an agency. */
  agency: agencyDisplayPreferencesSchema.nullable(),
});

export type Me = z.infer<typeof meSchema>;

/** GET /api/health. */
export const healthSchema = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
  migration: z.string().nullable(),
});
