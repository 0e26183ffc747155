import { sql } from "drizzle-orm";
import type { PlatformSummary } from "#domain/schemas/admin-users.ts";
import type { Db } from "../../db/client.ts";
import type { RouteContext } from "../../http/route.ts";
import { agencies, user } from "../../db/schema.ts";

type Tenant = RouteContext<unknown, unknown, never>["tenant"];

/** The panel's two counting cards, from the database (spec §2.7 showed fixed numbers). */
export async function platformSummary(db: Db, tenant: Tenant): Promise<PlatformSummary> {
  const [agencyCount] = await tenant((tx) => tx.select({ n: sql<number>`count(*)::int` }).from(agencies));
  // Users are an identity table: counted on the owner connection, outside the tenant transaction
  // (PGlite has one connection, so nesting the two would wait forever).
  const [userCount] = await db.select({ n: sql<number>`count(*)::int` }).from(user);
  return { totalAgencies: agencyCount.n, totalUsers: userCount.n };
}
