import { slugify } from "#domain/slug.ts";
import type { Queryable } from "#server/db/client.ts";
import { agencies } from "#server/db/schema.ts";

export type AgencyInput = Partial<typeof agencies.$inferInsert> & { name: string };

export async function createAgency(db: Queryable, input: AgencyInput) {
  const [agency] = await db
    .insert(agencies)
    .values({ slug: slugify(input.name), ...input })
    .returning();
  return agency;
}
