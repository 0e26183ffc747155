import {
  CALENDAR_MESSAGES as M,
  calendarItemsSchema,
  calendarQuerySchema,
  createMeetingSchema,
  feedCreatedSchema,
  feedStatusSchema,
  meetingCreatedSchema,
} from "#domain/schemas/calendar.ts";
import { okSchema } from "#domain/schemas/projects.ts";
import { AppError } from "../../http/errors.ts";
import { defineRoute, needs, PUBLIC } from "../../http/route.ts";
import { actorOf } from "../../audit/audit-actor.ts";
import { withCaller } from "../projects/delivery-scope.ts";
import { createFeedToken, feedStatus, renderFeed, revokeFeed } from "./calendar-feed.ts";
import { createMeeting } from "./create-meeting.ts";
import { listCalendarItems } from "./list-calendar-items.ts";

const MODULE = "projetos_calendario";
const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/calendar/feed/${token}.ics`;

/** Projetos › Calendário, "Agendar" and the private iCalendar feed (issue 17 §3). */
export const calendarRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/calendar",
    access: needs(MODULE, "view"),
    query: calendarQuerySchema,
    response: calendarItemsSchema,
    summary: "Prazos de tarefas, marcos, entregas de projeto e reuniões de um período",
    handler: async ({ user, tenant, query }) => ({
      items: await tenant(
        withCaller(
          user,
          MODULE,
        )((tx, caller) => listCalendarItems(tx, caller, new Date(query.from), new Date(query.to))),
      ),
    }),
  }),
  defineRoute({
    method: "POST",
    path: "/api/calendar/meetings",
    access: needs(MODULE, "create"),
    body: createMeetingSchema,
    response: meetingCreatedSchema,
    summary: "Agenda uma reunião no calendário dos participantes",
    handler: async ({ user, tenant, body, c }) => {
      const meeting = await tenant(withCaller(user, MODULE)((tx, caller) => createMeeting(tx, caller, body)));
      return c.json({ id: meeting.id, message: M.scheduled }, 201);
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/calendar/feed",
    access: needs(MODULE, "view"),
    response: feedStatusSchema,
    summary: "Se o usuário tem um link de calendário ativo",
    handler: ({ user, tenant }) => tenant(withCaller(user, MODULE)((tx, caller) => feedStatus(tx, caller))),
  }),
  defineRoute({
    method: "POST",
    path: "/api/calendar/feed",
    access: needs(MODULE, "view"),
    response: feedCreatedSchema,
    summary: "Gera um novo link secreto do calendário (revoga o anterior)",
    handler: async ({ user, tenant, deps, c, request }) => {
      const token = await tenant(
        withCaller(
          user,
          MODULE,
        )((tx, caller) => createFeedToken(tx, caller, deps.now(), actorOf(user, caller.agencyId, request))),
      );
      return c.json({ url: feedUrl(deps.config.publicUrl, token), message: M.feedCreated }, 201);
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/calendar/feed",
    access: needs(MODULE, "view"),
    response: okSchema,
    summary: "Revoga o link do calendário",
    handler: async ({ user, tenant, request }) => {
      await tenant(
        withCaller(user, MODULE)((tx, caller) => revokeFeed(tx, caller, actorOf(user, caller.agencyId, request))),
      );
      return { success: true as const, message: M.feedRevoked };
    },
  }),
  // The secret in the path is the credential (Google Calendar and Outlook send no cookie).
  defineRoute({
    method: "GET",
    path: "/api/calendar/feed/:feedToken",
    access: PUBLIC,
    response: { contentType: "text/calendar", description: "Calendário iCalendar (RFC 5545)" },
    summary: "Feed iCalendar privado de um usuário",
    handler: async ({ params, deps, c }) => {
      const token = (params.feedToken ?? "").replace(/\.ics$/, "");
      const ics = /^[A-Za-z0-9_-]{20,100}$/.test(token)
        ? await renderFeed(deps.database, token, deps.config.publicUrl, deps.now())
        : null;
      if (!ics) throw new AppError("not_found", M.feedNotFound);
      return c.body(ics, 200, { "content-type": "text/calendar; charset=utf-8", "cache-control": "private, no-store" });
    },
  }),
];
