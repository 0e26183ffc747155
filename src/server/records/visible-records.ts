import { sql } from "drizzle-orm";
import { moduleOfRecord, RECORD_TYPES, type RecordType } from "#domain/records.ts";
import type { SessionUser } from "../auth/session-user.ts";
import { queryRows, type Tx } from "../db/client.ts";
import { type ModuleAccess, moduleAccessOf } from "./module-access.ts";
import { recordVisibleIf } from "./record-viewers.ts";

export function isRecordType(value: string): value is RecordType {
  return (RECORD_TYPES as string[]).includes(value);
}

/** The records (type + id pairs) among `refs` the caller may view, as "type:id" keys. */
export async function visibleRecordKeys(
  tx: Tx,
  user: SessionUser,
  agencyId: string,
  refs: Array<{ recordType: string; recordId: string }>,
  access?: ModuleAccess,
): Promise<Set<string>> {
  const rights = access ?? (await moduleAccessOf(tx, user));
  const idsByType = new Map<RecordType, Set<string>>();
  for (const { recordType, recordId } of refs) {
    if (!isRecordType(recordType) || !rights.canView(moduleOfRecord(recordType))) continue;
    idsByType.set(recordType, (idsByType.get(recordType) ?? new Set()).add(recordId));
  }
  const visible = new Set<string>();
  for (const [recordType, ids] of idsByType) {
    const scope = rights.scopeOf(moduleOfRecord(recordType));
    const list = sql.join(
      [...ids].map((id) => sql`${id}`),
      sql`, `,
    );
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`SELECT r.id FROM unnest(ARRAY[${list}]::uuid[]) AS r(id)
        WHERE ${recordVisibleIf(tx, recordType, { user, agencyId, scope }, sql`r.id`)}`,
    );
    for (const row of rows) visible.add(`${recordType}:${row.id}`);
  }
  return visible;
}

/** Whether the caller may view one record (its module, its scope, its agency). */
export async function canViewRecord(
  tx: Tx,
  user: SessionUser,
  agencyId: string,
  recordType: RecordType,
  recordId: string,
): Promise<boolean> {
  const keys = await visibleRecordKeys(tx, user, agencyId, [{ recordType, recordId }]);
  return keys.has(`${recordType}:${recordId}`);
}
