import { and, eq } from "drizzle-orm";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Tx } from "../../db/client.ts";
import { attachments } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { findAttachment } from "./find-attachment.ts";
import { guardRecord } from "./record-guard.ts";

type Tenant = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** Row and timeline entry in one transaction, then the stored bytes. */
export async function deleteAttachment(deps: Deps, tenant: Tenant, user: SessionUser, agencyId: string, id: string) {
  const row = await tenant(async (tx) => {
    const found = await findAttachment(tx, agencyId, id);
    await guardRecord(tx, user, agencyId, found, "edit");
    await tx.delete(attachments).where(and(eq(attachments.agencyId, agencyId), eq(attachments.id, id)));
    await recordTimelineEvent(tx, {
      agencyId,
      recordType: found.recordType,
      recordId: found.recordId,
      kind: "attachment_removed",
      actorId: user.id,
      details: { name: found.name },
    });
    return found;
  });
  await deps.storage.remove(row.storageKey);
}
