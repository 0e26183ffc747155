import { and, eq } from "drizzle-orm";
import { ATTACHMENT_DEFAULT_MAX_BYTES, ATTACHMENT_HARD_MAX_BYTES } from "#domain/schemas/attachments.ts";
import type { Tx } from "../../db/client.ts";
import { agencySettings } from "../../db/schema.ts";

/** The agency's per-file limit (setting attachment_max_bytes), never above the hard maximum. */
export async function attachmentLimitOf(tx: Tx, agencyId: string): Promise<number> {
  const [row] = await tx
    .select({ value: agencySettings.settingValue })
    .from(agencySettings)
    .where(and(eq(agencySettings.agencyId, agencyId), eq(agencySettings.settingKey, "attachment_max_bytes")));
  const value = Number(row?.value);
  return Number.isInteger(value) && value > 0
    ? Math.min(value, ATTACHMENT_HARD_MAX_BYTES)
    : ATTACHMENT_DEFAULT_MAX_BYTES;
}
