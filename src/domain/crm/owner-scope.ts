import type { RecordScope } from "../permissions.ts";

/**
 * Whether a caller may name `ownerId` (null: nobody) as a record's owner: with record scope "all"
 * anyone of the agency (or nobody), with "own" only itself. The server refuses the rest
 * (assertOwnerAllowed) and the owner pickers offer only what it accepts (GET /api/crm/people).
 */
export function canNameOwner(scope: RecordScope, callerId: string, ownerId: string | null | undefined): boolean {
  return scope === "all" || ownerId === callerId;
}
