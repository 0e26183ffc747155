import { type SQL, sql } from "drizzle-orm";
import { PROJECT_MESSAGES as M } from "#domain/schemas/projects.ts";
import { AppError } from "../../http/errors.ts";
import { isUniqueViolation } from "../agencies/agency-row.ts";

/**
 * The ids of the agency's deals that already have a live project, as a subquery. Read through a
 * SECURITY DEFINER function (migration 0052): a project the caller's record scope hides still
 * takes its deal.
 */
export const dealIdsWithProject = (agencyId: string): SQL =>
  sql`(SELECT linked.id FROM delivery_deal_ids_with_project(${agencyId}::uuid) AS linked(id))`;

/**
 * A second project for one deal breaks projects_agency_deal_unique_idx (two clicks racing): the
 * loser's answer is the same 409 as when the project was already there.
 */
export function rethrowDealTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError("conflict", M.dealHasProject);
  throw error;
}
