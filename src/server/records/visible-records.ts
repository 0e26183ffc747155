import { moduleOfRecord, RECORD_TYPES, type RecordType } from "#domain/records.ts";
import type { SessionUser } from "../auth/session-user.ts";
import type { Tx } from "../db/client.ts";
import { type ModuleAccess, moduleAccessOf } from "./module-access.ts";
import { RECORD_VIEWERS } from "./record-viewers.ts";

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
    const viewer = RECORD_VIEWERS[recordType];
    const allowed = viewer ? await viewer(tx, { user, agencyId, scope }, [...ids]) : scope === "all" ? ids : new Set();
    for (const id of allowed) visible.add(`${recordType}:${id}`);
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
