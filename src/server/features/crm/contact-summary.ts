import { and, isNull, sql } from "drizzle-orm";
import type { ContactSummary } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { customers } from "../../db/schema.ts";
import { agencyFacts, timeZoneOf, todayOf } from "../finance/finance-actor.ts";
import { contactScope } from "./contact-row.ts";
import type { CrmContext } from "./crm-context.ts";

/**
 * The four cards of Contatos (Total, Leads, Clientes, Este Mês) from the contacts in reach.
 * Este Mês starts on the 1st at midnight in the agency's time zone (its today, as finance and the
 * dashboard read it), not in UTC: a contact created at 22:00 in Brasília on the 31st is that month's.
 */
export async function contactSummary(tx: Tx, ctx: CrmContext, now: Date): Promise<ContactSummary> {
  const agency = await agencyFacts(tx, ctx.agencyId);
  const monthStart = `${todayOf(agency, now).slice(0, 7)}-01`;
  const since = sql`(${monthStart}::timestamp AT TIME ZONE ${timeZoneOf(agency)})`;
  const [row] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      leads: sql<number>`(count(*) filter (where ${customers.status} = 'lead'))::int`,
      clientes: sql<number>`(count(*) filter (where ${customers.status} = 'cliente'))::int`,
      thisMonth: sql<number>`(count(*) filter (where ${customers.createdAt} >= ${since}))::int`,
    })
    .from(customers)
    .where(and(contactScope(ctx), isNull(customers.deletedAt)));
  return row;
}
