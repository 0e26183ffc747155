import { desc, gt, sql } from "drizzle-orm";
import type { SecurityOverview } from "#domain/schemas/security-admin.ts";
import { type Db, queryRows } from "../../db/client.ts";
import type { RouteContext } from "../../http/route.ts";
import { accountLockouts, signInFailures } from "../../db/schema.ts";

const RECENT_FAILURES = 50;

type Tenant = RouteContext<unknown, unknown, never>["tenant"];

/** Locks and failures are identity tables (owner connection); agency settings go through the tenant tx. */
export async function securityOverview(db: Db, tenant: Tenant, now: Date): Promise<SecurityOverview> {
  const locks = await db
    .select()
    .from(accountLockouts)
    .where(gt(accountLockouts.lockedUntil, now))
    .orderBy(desc(accountLockouts.lockedUntil));
  const failures = await db
    .select()
    .from(signInFailures)
    .orderBy(desc(signInFailures.createdAt))
    .limit(RECENT_FAILURES);
  const agencies = await tenant((tx) =>
    queryRows<{ id: string; name: string; value: unknown }>(
      tx,
      sql`select a.id, a.name, s.setting_value as value
        from agencies a
        left join agency_settings s on s.agency_id = a.id and s.setting_key = 'two_factor_required'
        order by a.name`,
    ),
  );
  return {
    lockedAccounts: locks.map((lock) => ({
      email: lock.email,
      lockedUntil: new Date(lock.lockedUntil).toISOString(),
      createdAt: new Date(lock.createdAt).toISOString(),
    })),
    agencyTwoFactor: agencies.map((agency) => ({
      agencyId: agency.id,
      agencyName: agency.name,
      isTwoFactorRequired: agency.value === true || agency.value === "true",
    })),
    recentFailures: failures.map((failure) => ({
      id: failure.id,
      email: failure.email,
      ipAddress: failure.ipAddress,
      createdAt: new Date(failure.createdAt).toISOString(),
    })),
  };
}
