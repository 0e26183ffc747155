import { moduleOfRecord, type RecordType } from "#domain/records.ts";
import { ATTACHMENT_MESSAGES } from "#domain/schemas/attachments.ts";
import { can } from "../../auth/can.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Tx } from "../../db/client.ts";
import { AppError, MESSAGES } from "../../http/errors.ts";
import { canViewRecord } from "../../records/visible-records.ts";

/** 404 unless the caller may view the record; with "edit", 403 unless it may edit its module. */
export async function guardRecord(
  tx: Tx,
  user: SessionUser,
  agencyId: string,
  record: { recordType: RecordType; recordId: string },
  action: "view" | "edit",
): Promise<void> {
  if (!(await canViewRecord(tx, user, agencyId, record.recordType, record.recordId))) {
    throw new AppError("not_found", ATTACHMENT_MESSAGES.notFound);
  }
  if (action === "edit" && !(await can(tx, user, moduleOfRecord(record.recordType), "edit"))) {
    throw new AppError("forbidden", MESSAGES.forbidden);
  }
}
