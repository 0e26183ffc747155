import { and, eq } from "drizzle-orm";
import { ATTACHMENT_MESSAGES } from "#domain/schemas/attachments.ts";
import type { RecordType } from "#domain/records.ts";
import type { Tx } from "../../db/client.ts";
import { attachments } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { isRecordType } from "../../records/visible-records.ts";

export async function findAttachment(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(attachments)
    .where(and(eq(attachments.agencyId, agencyId), eq(attachments.id, id)));
  if (!row || !isRecordType(row.recordType)) throw new AppError("not_found", ATTACHMENT_MESSAGES.notFound);
  return { ...row, recordType: row.recordType as RecordType };
}
