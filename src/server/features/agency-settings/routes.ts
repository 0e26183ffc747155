import {
  agencyProfileSchema,
  AGENCY_PROFILE_MESSAGES,
  LOGO_MAX_BYTES,
  agencyProfileAnswerSchema,
} from "#domain/schemas/agency-profile.ts";
import { updateAgencySettingSchema, agencySettingsSchema } from "#domain/schemas/agency-settings.ts";
import { defineRoute, needs, SIGNED_IN } from "../../http/route.ts";
import { getAgencyProfile } from "./get-agency-profile.ts";
import { ownAgencyId } from "./own-agency.ts";
import { readAgencySettings } from "./read-agency-settings.ts";
import { serveAgencyLogo } from "./serve-agency-logo.ts";
import { updateAgencyProfile } from "./update-agency-profile.ts";
import { updateAgencySetting } from "./update-agency-setting.ts";
import { uploadAgencyLogo } from "./upload-agency-logo.ts";
import { requireRecentAuthentication } from "../sessions/require-recent-authentication.ts";

/** The user's own agency as the settings screen edits it (spec §2.8, §7 "Agencies and settings"). */
export const agencySettingsRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/agency/profile",
    response: agencyProfileAnswerSchema,
    access: needs("configuracoes", "view"),
    handler: ({ tenant, user }) => getAgencyProfile(tenant, user),
  }),
  defineRoute({
    method: "PUT",
    path: "/api/agency/profile",
    response: agencyProfileAnswerSchema,
    access: needs("configuracoes", "edit"),
    body: agencyProfileSchema,
    handler: ({ tenant, user, body, request, deps }) => updateAgencyProfile(tenant, user, body, request, deps.now()),
  }),
  defineRoute({
    method: "PUT",
    path: "/api/agency/logo",
    response: agencyProfileAnswerSchema,
    access: needs("configuracoes", "edit"),
    bodyLimit: { maxBytes: LOGO_MAX_BYTES, message: AGENCY_PROFILE_MESSAGES.logoTooLarge },
    handler: async ({ deps, tenant, user, request, c }) =>
      uploadAgencyLogo(deps, tenant, user, new Uint8Array(await c.req.arrayBuffer()), request),
  }),
  defineRoute({
    method: "GET",
    path: "/api/agencies/:agencyId/logo",
    response: { contentType: "image/*", description: "Logo da agência (PNG, JPEG ou WebP)" },
    access: SIGNED_IN,
    handler: ({ deps, tenant, user, params }) => serveAgencyLogo(deps, tenant, user, params.agencyId),
  }),
  defineRoute({
    method: "GET",
    path: "/api/agency/settings",
    response: agencySettingsSchema,
    access: needs("configuracoes", "view"),
    handler: ({ tenant, user }) => {
      const agencyId = ownAgencyId(user);
      return tenant((tx) => readAgencySettings(tx, agencyId));
    },
  }),
  defineRoute({
    method: "PUT",
    path: "/api/agency/settings",
    response: agencySettingsSchema,
    access: needs("configuracoes", "edit"),
    body: updateAgencySettingSchema,
    handler: async ({ tenant, user, body, request, deps }) => {
      // Turning the two-factor requirement off weakens every member's sign-in: a sensitive action.
      if (body.key === "two_factor_required" && body.value === false) {
        await requireRecentAuthentication(deps.database, user, deps.now());
      }
      return updateAgencySetting(tenant, user, body, request, deps.now());
    },
  }),
];
