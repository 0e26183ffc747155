import type { Database, Tx } from "./client.ts";
import { type TenantOptions, withTenant } from "./tenant.ts";

/**
 * Work as the platform with row-level security on (the super admin's context, no user): jobs
 * whose rows belong to many agencies. Each query names the agency it reads or writes itself.
 */
export function asPlatform<T>(database: Database, fn: (tx: Tx) => Promise<T>, options?: TenantOptions): Promise<T> {
  return withTenant(database, { userId: null, agencyId: null, isSuperAdmin: true }, fn, options);
}
