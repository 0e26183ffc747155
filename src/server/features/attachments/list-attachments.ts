import { and, desc, eq } from "drizzle-orm";
import type { AttachmentItem } from "#domain/schemas/attachments.ts";
import type { Tx } from "../../db/client.ts";
import { attachments, profiles } from "../../db/schema.ts";
import { actorNameSql } from "../notifications/actor-name.ts";

/** Newest first; the cap keeps a record's panel bounded. */
const MAX_LISTED = 200;

export async function listAttachments(
  tx: Tx,
  agencyId: string,
  record: { recordType: string; recordId: string },
): Promise<AttachmentItem[]> {
  const rows = await tx
    .select({ file: attachments, uploadedByName: actorNameSql })
    .from(attachments)
    .leftJoin(profiles, eq(profiles.id, attachments.uploadedBy))
    .where(
      and(
        eq(attachments.agencyId, agencyId),
        eq(attachments.recordType, record.recordType),
        eq(attachments.recordId, record.recordId),
      ),
    )
    .orderBy(desc(attachments.createdAt), desc(attachments.id))
    .limit(MAX_LISTED);
  return rows.map(({ file, uploadedByName }) => ({
    id: file.id,
    name: file.name,
    mime: file.mime,
    size: file.size,
    uploadedByName,
    createdAt: file.createdAt.toISOString(),
  }));
}
