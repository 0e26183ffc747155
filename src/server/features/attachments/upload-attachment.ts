import type { RecordType } from "#domain/records.ts";
import { ATTACHMENT_MESSAGES, type AttachmentItem } from "#domain/schemas/attachments.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Tx } from "../../db/client.ts";
import { attachments } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { attachmentLimitOf } from "./attachment-limit.ts";
import { detectFileType } from "./detect-file-type.ts";
import { guardRecord } from "./record-guard.ts";

type Tenant = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * Stores the bytes first (under a fresh key), then the row and a timeline entry in one
 * transaction; if that fails, the stored file is removed again.
 */
export async function uploadAttachment(
  deps: Deps,
  tenant: Tenant,
  user: SessionUser,
  agencyId: string,
  record: { recordType: RecordType; recordId: string },
  file: { name: string; bytes: Uint8Array },
): Promise<AttachmentItem> {
  const limit = await tenant(async (tx) => {
    await guardRecord(tx, user, agencyId, record, "edit");
    return attachmentLimitOf(tx, agencyId);
  });
  if (file.bytes.byteLength > limit) throw new AppError("payload_too_large", ATTACHMENT_MESSAGES.tooLarge);
  const mime = await detectFileType(file.bytes, file.name);
  if (!mime) throw new AppError("unsupported_media_type", ATTACHMENT_MESSAGES.typeRefused);
  const id = crypto.randomUUID();
  const storageKey = `attachments/${agencyId}/${id}`;
  await deps.storage.put(storageKey, file.bytes);
  try {
    const [row] = await tenant(async (tx) => {
      await guardRecord(tx, user, agencyId, record, "edit");
      const inserted = await tx
        .insert(attachments)
        .values({
          id,
          agencyId,
          ...record,
          storageKey,
          name: file.name,
          mime,
          size: file.bytes.byteLength,
          uploadedBy: user.id,
        })
        .returning();
      await recordTimelineEvent(tx, {
        agencyId,
        ...record,
        kind: "attachment_added",
        actorId: user.id,
        details: { name: file.name },
      });
      return inserted;
    });
    return {
      id: row.id,
      name: row.name,
      mime: row.mime,
      size: row.size,
      uploadedByName: `${user.firstName} ${user.lastName}`.trim() || null,
      createdAt: row.createdAt.toISOString(),
    };
  } catch (error) {
    await deps.storage.remove(storageKey);
    throw error;
  }
}
