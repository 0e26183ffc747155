import { canNameOwner } from "#domain/crm/owner-scope.ts";
import type { CrmPerson } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { listAgencyPeople } from "../projects/list-client-companies.ts";
import type { CrmContext } from "./crm-context.ts";

/**
 * The agency's members for the owner pickers, each marked assignable when the caller may name it
 * the owner of a record of the context's module (the rule assertOwnerAllowed enforces).
 */
export async function listCrmPeople(
  tx: Tx,
  ctx: CrmContext,
): Promise<{ people: CrmPerson[]; canLeaveUnowned: boolean }> {
  const people = await listAgencyPeople(tx, ctx.agencyId);
  return {
    people: people.map((p) => ({ ...p, assignable: canNameOwner(ctx.scope, ctx.user.id, p.id) })),
    canLeaveUnowned: canNameOwner(ctx.scope, ctx.user.id, null),
  };
}
