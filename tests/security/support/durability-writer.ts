/**
 * Child process of the durability battery: opens the database the way the server does (lock,
 * client.ts), prints the slugs of the agencies a previous round stored, then writes agencies,
 * each with its audit row in one transaction, printing `ack <slug>` only after the commit.
 * Usage: DATA_DIR=… [DATABASE_URL=…] ROUND=n WRITERS=k node --import tsx durability-writer.ts
 */
import { sql } from "drizzle-orm";
import { recordAudit } from "#server/audit/record-audit.ts";
import { openDatabase, queryRows } from "#server/db/client.ts";
import { lockDataDir } from "#server/db/data-dir-lock.ts";
import { agencies } from "#server/db/schema.ts";
import { withTenant } from "#server/db/tenant.ts";

const dataDir = process.env.DATA_DIR as string;
const databaseUrl = process.env.DATABASE_URL || undefined;
const round = Number(process.env.ROUND ?? 0);
const writers = Number(process.env.WRITERS ?? 1);

async function main() {
  if (!databaseUrl) lockDataDir(dataDir);
  const database = await openDatabase({ dataDir, databaseUrl });
  const stored = await queryRows<{ slug: string }>(
    database.owner,
    sql`select slug from agencies where slug like 'dur-%'`,
  );
  process.stdout.write(`stored ${JSON.stringify(stored.map((row) => row.slug))}\n`);
  if (round === 0) {
    await database.close();
    process.exit(0);
  }
  const write = async (writer: number) => {
    for (let i = 0; ; i++) {
      const slug = `dur-r${round}-w${writer}-${i}`;
      await withTenant(database, { userId: null, agencyId: null, isSuperAdmin: true }, async (tx) => {
        const [agency] = await tx
          .insert(agencies)
          .values({ name: `Durável ${slug}`, slug })
          .returning();
        await recordAudit(
          tx,
          { userId: null, agencyId: null, ip: "127.0.0.1", userAgent: "durability" },
          { action: "create", resourceType: "agencies", resourceId: agency.id, details: { slug } },
        );
      });
      process.stdout.write(`ack ${slug}\n`);
    }
  };
  await Promise.all(Array.from({ length: writers }, (_, w) => write(w)));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
