import type { Database, Tx } from "../../db/client.ts";
import { type TenantOptions, withTenant } from "../../db/tenant.ts";

/**
 * The jobs' work as the platform, row-level security on: a backup must hold every record of the
 * agency, and an agency context without a member would see only what record scope leaves to nobody.
 * Each query names the agency itself (as the super admin's download does).
 */
export function asPlatform<T>(database: Database, fn: (tx: Tx) => Promise<T>, options?: TenantOptions): Promise<T> {
  return withTenant(database, { userId: null, agencyId: null, isSuperAdmin: true }, fn, options);
}
