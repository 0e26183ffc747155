import type { SessionUser } from "../../auth/session-user.ts";
import type { Tx } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import { ATTACHMENT_MESSAGES } from "#domain/schemas/attachments.ts";
import { findAttachment } from "./find-attachment.ts";
import { guardRecord } from "./record-guard.ts";

type Tenant = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** `attachment; filename="…"; filename*=UTF-8''…` with the name made safe for a header. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Always a download, never rendered by the browser (no inline HTML whatever the bytes). */
export async function downloadAttachment(deps: Deps, tenant: Tenant, user: SessionUser, agencyId: string, id: string) {
  const row = await tenant(async (tx) => {
    const found = await findAttachment(tx, agencyId, id);
    await guardRecord(tx, user, agencyId, found, "view");
    return found;
  });
  const file = await deps.storage.get(row.storageKey);
  if (!file) throw new AppError("not_found", ATTACHMENT_MESSAGES.notFound);
  return new Response(file.bytes, {
    headers: {
      "content-type": row.mime.startsWith("text/") ? `${row.mime}; charset=utf-8` : row.mime,
      "content-length": String(file.size),
      "content-disposition": contentDisposition(row.name),
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, no-store",
    },
  });
}
