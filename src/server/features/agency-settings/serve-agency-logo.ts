import { and, eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import type { SessionUser } from "../../auth/session-user.ts";
import { agencies } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { AppError, MESSAGES } from "../../http/errors.ts";
import { readLogo } from "./agency-logo-file.ts";
import type { Tenant } from "./own-agency.ts";

/** Spec §9: default cache control 3600; private, because only the agency's users may fetch it. */
const LOGO_CACHE_CONTROL = "private, max-age=3600";

/** The logo to signed-in users of its agency and to super admins; anyone else gets 404. */
export async function serveAgencyLogo(
  deps: Deps,
  tenant: Tenant,
  user: SessionUser,
  agencyIdParam: string | undefined,
): Promise<Response> {
  const notFound = new AppError("not_found", MESSAGES.notFound);
  const parsed = z.uuid().safeParse(agencyIdParam);
  if (!parsed.success) throw notFound;
  const agencyId = parsed.data;
  if (!user.isSuperAdmin && user.agencyId !== agencyId) throw notFound;
  const [agency] = await tenant((tx) =>
    tx
      .select({ id: agencies.id })
      .from(agencies)
      .where(and(eq(agencies.id, agencyId), isNotNull(agencies.logoUrl))),
  );
  if (!agency) throw notFound;
  const logo = await readLogo(deps.storage, agencyId);
  if (!logo) throw notFound;
  return new Response(logo.bytes, {
    headers: {
      "content-type": logo.contentType,
      "content-length": String(logo.bytes.byteLength),
      "cache-control": LOGO_CACHE_CONTROL,
      "content-disposition": "inline",
    },
  });
}
