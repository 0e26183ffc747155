import { sql } from "drizzle-orm";
import type { PlatformSummary } from "#domain/schemas/admin-users.ts";
import type { Db, Tx } from "../../db/client.ts";
import { agencies, user } from "../../db/schema.ts";

/** The panel's two counting cards, from the database (spec §2.7 showed fixed numbers). */
export async function platformSummary(db: Db, tx: Tx): Promise<PlatformSummary> {
  const [agencyCount] = await tx.select({ n: sql<number>`count(*)::int` }).from(agencies);
  // Users are an identity table: counted on the owner connection.
  const [userCount] = await db.select({ n: sql<number>`count(*)::int` }).from(user);
  return { totalAgencies: agencyCount.n, totalUsers: userCount.n };
}
