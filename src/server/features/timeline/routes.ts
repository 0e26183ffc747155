import {
  recordTypeSchema,
  TIMELINE_MESSAGES,
  recentEventsSchema,
  timelinePageSchema,
  timelineQuerySchema,
} from "#domain/schemas/timeline.ts";
import { AppError } from "../../http/errors.ts";
import { agencyOf, uuidParam } from "../../http/params.ts";
import { defineRoute, SIGNED_IN } from "../../http/route.ts";
import { canViewRecord } from "../../records/visible-records.ts";
import { listRecentActivity } from "./list-recent-activity.ts";
import { listRecordTimeline } from "./list-record-timeline.ts";

const RECENT_LIMIT = 10;

/** The record type of a path, or 404 like a record that does not exist. */
export function recordTypeParam(params: Record<string, string>) {
  const parsed = recordTypeSchema.safeParse(params.recordType);
  if (!parsed.success) throw new AppError("not_found", TIMELINE_MESSAGES.notFound);
  return parsed.data;
}

/** A record's history, for whoever may view the record (its module, scope and agency). */
export const timelineRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/timeline/recent",
    access: SIGNED_IN,
    response: recentEventsSchema,
    summary: "Atividade recente da agência nos registros que o usuário pode ver",
    handler: async ({ user, tenant }) => {
      const agencyId = agencyOf(user);
      return { events: await tenant((tx) => listRecentActivity(tx, user, agencyId, RECENT_LIMIT)) };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/timeline/:recordType/:recordId",
    access: SIGNED_IN,
    query: timelineQuerySchema,
    response: timelinePageSchema,
    summary: "Histórico de um registro, do mais recente ao mais antigo",
    handler: async ({ user, tenant, params, query }) => {
      const agencyId = agencyOf(user);
      const recordType = recordTypeParam(params);
      const recordId = uuidParam(params, "recordId", TIMELINE_MESSAGES.notFound);
      const page = await tenant(async (tx) => {
        if (!(await canViewRecord(tx, user, agencyId, recordType, recordId))) return null;
        return listRecordTimeline(tx, agencyId, { recordType, recordId }, query);
      });
      if (!page) throw new AppError("not_found", TIMELINE_MESSAGES.notFound);
      return page;
    },
  }),
];
