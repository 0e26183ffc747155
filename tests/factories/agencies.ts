import { slugify } from "#domain/slug.ts";
import type { Queryable } from "#server/db/client.ts";
import { agencies } from "#server/db/schema.ts";

export type AgencyInput = Partial<typeof agencies.$inferInsert> & { name: string };

/** Room for any test's members and invites: the plan's user limit is tested where it is set on purpose. */
const TEST_MAX_USERS = 1000;

export async function createAgency(db: Queryable, input: AgencyInput) {
  const [agency] = await db
    .insert(agencies)
    .values({ slug: slugify(input.name), maxUsers: TEST_MAX_USERS, ...input })
    .returning();
  return agency;
}
