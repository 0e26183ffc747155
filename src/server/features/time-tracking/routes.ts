import { actorOf } from "../../audit/audit-actor.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { okSchema } from "#domain/schemas/projects.ts";
import {
  approveTimeSchema,
  createTimeEntrySchema,
  hourlyRateSchema,
  hourlyRatesSchema,
  hoursReportSchema,
  reportQuerySchema,
  runningTimerSchema,
  startTimerSchema,
  timeApprovedSchema,
  timeEntryCreatedSchema,
  TIME_MESSAGES as M,
  timesheetQuerySchema,
  timesheetViewSchema,
  updateTimeEntrySchema,
} from "#domain/schemas/time-entries.ts";
import { can } from "../../auth/can.ts";
import { userHourlyRates } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { agencyOf, uuidParam } from "../../http/params.ts";
import { defineRoute, needs } from "../../http/route.ts";
import { isUniqueViolation } from "../agencies/agency-row.ts";
import { assertAgencyMembers, withCaller } from "../projects/delivery-scope.ts";
import { approveTimeEntries } from "./approve-time-entries.ts";
import { managesTeamTime } from "./team-time.ts";
import { exportTimeCsv } from "./export-time-csv.ts";
import { hoursReport } from "./hours-report.ts";
import { createTimeEntry, deleteTimeEntry, updateTimeEntry } from "./time-entries.ts";
import { assertTimerTask, runningTimer, startTimer, stopRunningTimer } from "./timer.ts";
import { listHourlyRates } from "./hourly-rates.ts";
import { weeklyTimesheet } from "./timesheet.ts";

const MODULE = "projetos_tempo";

/** Projetos › Tempo: the server-held timer, entries, timesheet, approval, reports (issue 17 §4). */
export const timeRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/time/timer",
    access: needs(MODULE, "view"),
    response: runningTimerSchema,
    summary: "O cronômetro em andamento do usuário (de qualquer aba ou aparelho)",
    handler: async ({ user, tenant, deps }) => ({
      timer: await tenant(withCaller(user, MODULE)((tx, caller) => runningTimer(tx, caller, deps.now()))),
    }),
  }),
  defineRoute({
    method: "POST",
    path: "/api/time/timer/start",
    access: needs(MODULE, "create"),
    body: startTimerSchema,
    response: timeEntryCreatedSchema,
    reusesSession: true,
    summary: "Inicia um cronômetro (para o que estiver em andamento)",
    handler: async ({ user, tenant, tenantWrite, body, deps, c }) => {
      const now = deps.now();
      if (body.taskId) await tenant(withCaller(user, MODULE)((tx, caller) => assertTimerTask(tx, caller, body, now)));
      try {
        const entry = await startTimer(tenantWrite, { agencyId: agencyOf(user), userId: user.id }, body, now);
        return c.json({ id: entry.id, message: M.started }, 201);
      } catch (error) {
        // Another start of this user committed first (a second device): the index kept one running.
        if (isUniqueViolation(error)) throw new AppError("conflict", M.timerRunning);
        throw error;
      }
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/time/timer/stop",
    access: needs(MODULE, "create"),
    response: timeEntryCreatedSchema,
    reusesSession: true,
    summary: "Para o cronômetro em andamento",
    handler: async ({ user, tenantWrite, deps }) => {
      const stopped = await stopRunningTimer(tenantWrite, agencyOf(user), user.id, deps.now());
      if (!stopped) throw new AppError("not_found", M.noTimer);
      return { id: stopped.id, message: stopped.discarded ? M.shortRun : M.stopped };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/time/entries",
    access: needs(MODULE, "create"),
    body: createTimeEntrySchema,
    response: timeEntryCreatedSchema,
    summary: "Lança horas manualmente",
    handler: async ({ user, tenant, body, deps, c }) => {
      const entry = await tenant(
        withCaller(user, MODULE)((tx, caller) => createTimeEntry(tx, caller, body, deps.now())),
      );
      return c.json({ id: entry.id, message: M.created }, 201);
    },
  }),
  defineRoute({
    method: "PATCH",
    path: "/api/time/entries/:entryId",
    access: needs(MODULE, "edit"),
    body: updateTimeEntrySchema,
    response: okSchema,
    summary: "Altera um lançamento (fora de período aprovado e faturado)",
    handler: async ({ user, tenant, params, body, deps }) => {
      const entryId = uuidParam(params, "entryId", M.notFound);
      await tenant(withCaller(user, MODULE)((tx, caller) => updateTimeEntry(tx, caller, entryId, body, deps.now())));
      return { success: true as const, message: "Lançamento atualizado." };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/time/entries/:entryId",
    access: needs(MODULE, "delete"),
    response: okSchema,
    summary: "Exclui um lançamento (fora de período aprovado e faturado)",
    handler: async ({ user, tenant, params }) => {
      const entryId = uuidParam(params, "entryId", M.notFound);
      await tenant(withCaller(user, MODULE)((tx, caller) => deleteTimeEntry(tx, caller, entryId)));
      return { success: true as const, message: M.deleted };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/time/entries/approve",
    access: needs(MODULE, "edit"),
    body: approveTimeSchema,
    response: timeApprovedSchema,
    summary: "Aprova lançamentos (gestor do projeto)",
    handler: async ({ user, tenant, body, deps }) => {
      const approved = await tenant(
        withCaller(user, MODULE)((tx, caller) => approveTimeEntries(tx, caller, body.entryIds, deps.now())),
      );
      return { approved, message: M.approved };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/time/timesheet",
    access: needs(MODULE, "view"),
    query: timesheetQuerySchema,
    response: timesheetViewSchema,
    summary: "Semana de horas de uma pessoa, com totais por dia",
    handler: ({ user, tenant, query, deps }) =>
      tenant(
        withCaller(
          user,
          MODULE,
        )(async (tx, caller) => {
          const userId = query.userId ?? user.id;
          const managesTeam = managesTeamTime(caller);
          if (userId !== user.id && !managesTeam) throw new AppError("not_found", M.notFound);
          const sheet = await weeklyTimesheet(tx, caller, userId, query.week, deps.now());
          // The approve route's rule: its access (edit) and the approver check.
          return {
            ...sheet,
            canChoosePerson: managesTeam,
            canApprove: managesTeam && (await can(tx, user, MODULE, "edit")),
          };
        }),
      ),
  }),
  defineRoute({
    method: "GET",
    path: "/api/time/report",
    access: needs(MODULE, "view"),
    query: reportQuerySchema,
    response: hoursReportSchema,
    summary: "Horas por projeto, cliente ou pessoa, com valor e consumo do orçamento",
    handler: ({ user, tenant, query }) =>
      tenant(withCaller(user, MODULE)((tx, caller) => hoursReport(tx, caller, query))),
  }),
  defineRoute({
    method: "GET",
    path: "/api/time/export",
    access: needs(MODULE, "view"),
    query: reportQuerySchema,
    response: { contentType: "text/csv", description: "Lançamentos do período em CSV (;)" },
    summary: "Exporta os lançamentos do período em CSV",
    handler: async ({ user, tenant, query, deps, c }) => {
      const csv = await tenant(withCaller(user, MODULE)((tx, caller) => exportTimeCsv(tx, caller, query, deps.now())));
      return c.body(csv, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="horas-${query.from}-a-${query.to}.csv"`,
        "cache-control": "no-store",
      });
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/time/rates",
    access: needs(MODULE, "edit"),
    response: hourlyRatesSchema,
    summary: "Valor/hora das pessoas da agência (só o próprio, para quem vê só o seu tempo)",
    handler: async ({ user, tenant }) =>
      tenant(
        withCaller(
          user,
          MODULE,
        )(async (tx, caller) => {
          const canEdit = caller.scope === "all";
          return { rates: await listHourlyRates(tx, agencyOf(user), canEdit ? null : user.id), canEdit };
        }),
      ),
  }),
  defineRoute({
    method: "PUT",
    path: "/api/time/rates",
    access: needs(MODULE, "edit"),
    body: hourlyRateSchema,
    response: okSchema,
    summary: "Define o valor/hora de uma pessoa (o do projeto prevalece)",
    handler: async ({ user, tenant, body, deps, request }) => {
      const agencyId = agencyOf(user);
      await tenant(
        withCaller(
          user,
          MODULE,
        )(async (tx, caller) => {
          if (caller.scope !== "all") throw new AppError("forbidden", M.ratesManagerOnly);
          await assertAgencyMembers(tx, agencyId, [body.userId], M.notFound);
          await tx
            .insert(userHourlyRates)
            .values({ agencyId, userId: body.userId, rateCents: body.rateCents, updatedAt: deps.now() })
            .onConflictDoUpdate({
              target: [userHourlyRates.agencyId, userHourlyRates.userId],
              set: { rateCents: body.rateCents, updatedAt: deps.now() },
            });
          // What a person's hour is worth prices every invoice of their time: who set it is kept.
          await recordAudit(tx, actorOf(user, agencyId, request), {
            action: "update",
            resourceType: "user_hourly_rates",
            resourceId: body.userId,
            details: { rateCents: body.rateCents },
          });
        }),
      );
      return { success: true as const, message: "Valor/hora salvo." };
    },
  }),
];
