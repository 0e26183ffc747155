import { z } from "zod";
import { MODULES, type Module } from "../modules.ts";
import { RECORD_SCOPES } from "../permissions.ts";
import { ROLES } from "../roles.ts";

/** Building blocks of the API's answers (the published contract), shared by server and web. */
export const roleSchema = z.enum(ROLES);
export const moduleSchema = z.enum(MODULES as [Module, ...Module[]]);
export const recordScopeSchema = z.enum(RECORD_SCOPES);

export const permissionFlagsSchema = z.object({
  canView: z.boolean(),
  canCreate: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});

/** An ISO 8601 instant as the API writes it. */
export const instantSchema = z.string().describe("Data e hora ISO 8601");

/** A keyset page's cursor: null on the last page. */
export const nextCursorSchema = z.string().nullable().describe("Cursor da próxima página; null na última");

/** `{ success: true, message }`: the answer of many commands. */
export const successMessageSchema = z.object({ success: z.literal(true), message: z.string() });

export const messageSchema = z.object({ message: z.string() });
export type SuccessMessage = z.infer<typeof successMessageSchema>;
