import { and, asc, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { companies } from "../../db/schema.ts";

/** The client companies a quote or invoice can be addressed to (CRM keeps them; a picker needs id and name). */
export async function listClients(db: Queryable, agencyId: string) {
  const rows = await db
    .select({ id: companies.id, name: companies.name, document: companies.document })
    .from(companies)
    .where(and(eq(companies.agencyId, agencyId), isNull(companies.deletedAt)))
    .orderBy(asc(companies.name))
    .limit(1000);
  return { clients: rows };
}
