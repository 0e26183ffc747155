import { z } from "zod";
import type { SessionUser } from "../auth/session-user.ts";
import { AppError, MESSAGES } from "./errors.ts";

/** A path id that is not a uuid names nothing: 404, like a resource of another agency. */
export function uuidParam(params: Record<string, string>, name: string, message: string = MESSAGES.notFound): string {
  const parsed = z.uuid().safeParse(params[name]);
  if (!parsed.success) throw new AppError("not_found", message);
  return parsed.data;
}

/** The caller's agency, for routes about "my agency"; a user without one gets 409 no_agency. */
export function agencyOf(user: SessionUser): string {
  if (!user.agencyId) throw new AppError("no_agency", MESSAGES.noAgency);
  return user.agencyId;
}
