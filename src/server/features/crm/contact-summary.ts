import { and, isNull, sql } from "drizzle-orm";
import type { ContactSummary } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { customers } from "../../db/schema.ts";
import { contactScope } from "./contact-row.ts";
import type { CrmContext } from "./crm-context.ts";

/** The four cards of Contatos (Total, Leads, Clientes, Este Mês) from the contacts in reach. */
export async function contactSummary(tx: Tx, ctx: CrmContext, monthStart: Date): Promise<ContactSummary> {
  const [row] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      leads: sql<number>`(count(*) filter (where ${customers.status} = 'lead'))::int`,
      clientes: sql<number>`(count(*) filter (where ${customers.status} = 'cliente'))::int`,
      thisMonth: sql<number>`(count(*) filter (where ${customers.createdAt} >= ${monthStart.toISOString()}::timestamptz))::int`,
    })
    .from(customers)
    .where(and(contactScope(ctx), isNull(customers.deletedAt)));
  return row;
}
