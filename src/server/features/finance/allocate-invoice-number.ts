import { sql } from "drizzle-orm";
import { type Queryable, queryRows } from "../../db/client.ts";

/**
 * The agency's next invoice number, taken in the invoice's own transaction: the counter row is
 * locked until commit, so concurrent creators queue and get consecutive numbers, and a rollback
 * gives the number back (no gap, no duplicate).
 */
export async function allocateInvoiceNumber(db: Queryable, agencyId: string): Promise<number> {
  const [row] = await queryRows<{ last_number: number }>(
    db,
    sql`insert into invoice_counters (agency_id, last_number) values (${agencyId}, 1)
        on conflict (agency_id) do update set last_number = invoice_counters.last_number + 1
        returning last_number`,
  );
  return Number(row.last_number);
}
