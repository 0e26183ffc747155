import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { type StartTimerBody, TIME_MESSAGES as M, type TimeEntry } from "#domain/schemas/time-entries.ts";
import type { Queryable } from "../../db/client.ts";
import type { SqlStatement, TenantRows } from "../../db/tenant.ts";
import { AppError } from "../../http/errors.ts";
import type { Caller } from "../projects/delivery-scope.ts";
import { findProjectOr404 } from "../projects/find-project.ts";
import { findTaskOr404 } from "../tasks/find-task.ts";
import { selectEntries } from "./entry-rows.ts";
import { periodLocked, rateInForce } from "./entry-rules.ts";

/** The caller's running timer, if any (from any tab or device: it lives in the database). */
export async function runningTimer(tx: Queryable, caller: Caller, now: Date): Promise<TimeEntry | null> {
  const [entry] = await selectEntries(
    tx,
    caller.agencyId,
    sql`e.user_id = ${caller.user.id} AND e.ended_at IS NULL`,
    sql`LIMIT 1`,
    now,
  );
  return entry ?? null;
}

/** A statement's text from a drizzle fragment whose parameters are written as `$n` placeholders. */
const statementText = (fragment: SQL) => new PgDialect().sqlToQuery(fragment).sql;
const $ = (placeholder: string) => sql.raw(placeholder);

/** The shortest run the timer records (TIME_MESSAGES.shortRun). */
const MIN_RUN = sql.raw("interval '1 minute'");

/**
 * Closes the user's running entry at the time given (capped at 24 h), with the rate in force, in
 * one row write, when it ran at least a minute. Its length is rounded to whole minutes, so its hours
 * and its money come from the same duration (a report once showed 0 min worth R$ 0,62).
 */
const stopRunning = (agencyId: SQL, userId: SQL, now: SQL) => sql`UPDATE time_entries r
      SET ended_at = r.started_at + round(extract(epoch FROM least(${now}, r.started_at + interval '24 hours') - r.started_at) / 60)
                                    * interval '1 minute',
          updated_at = ${now},
          rate_cents = ${rateInForce(agencyId, userId, sql`r.project_id`)}
    WHERE r.agency_id = ${agencyId} AND r.user_id = ${userId} AND r.ended_at IS NULL
      AND r.started_at <= ${now} - ${MIN_RUN}`;

/**
 * Drops the user's running entry when it ran less than a minute (a double click on "Iniciar", a
 * start stopped at once): it would be a 0-minute entry. This includes a run a racing start of
 * another device began after this request's time. The two statements' conditions never hold for one row.
 */
const discardShortRun = (agencyId: SQL, userId: SQL, now: SQL) => sql`DELETE FROM time_entries r
    WHERE r.agency_id = ${agencyId} AND r.user_id = ${userId} AND r.ended_at IS NULL
      AND r.started_at > ${now} - ${MIN_RUN}`;

/** $1 agency, $2 user, $3 now: the id of the entry stopped, or of the short run dropped (both null: none ran). */
const STOP_TIMER: SqlStatement = {
  name: "nexo_timer_stop",
  text: statementText(sql`WITH
    stopped AS (${stopRunning($("$1::uuid"), $("$2::uuid"), $("$3::timestamptz"))} RETURNING r.id),
    discarded AS (${discardShortRun($("$1::uuid"), $("$2::uuid"), $("$3::timestamptz"))} RETURNING r.id)
    SELECT (SELECT id::text FROM stopped), (SELECT id::text FROM discarded)`),
};

const [agency, user, project, task, description, billable, at] = [
  "$1::uuid",
  "$2::uuid",
  "$3::uuid",
  "$4::uuid",
  "$5::text",
  "$6::boolean",
  "$7::timestamptz",
].map($);

/**
 * $1 agency, $2 user, $3 project, $4 task, $5 description, $6 billable, $7 now. The project must
 * be live and reached by the caller (its record scope on projetos_tempo: all, or owner or member)
 * and the day open (not approved and invoiced); then the running entry is closed (or dropped when
 * under a minute) and the new one inserted, after it (the insert reads both counts). Answers whether the project was found
 * and the new id (null when the day was locked). A second start racing this one either waits for
 * its row and finds nothing left to stop, then fails on time_entries_one_running_idx (23505), or
 * stops this one's entry.
 */
const START_TIMER: SqlStatement = {
  name: "nexo_timer_start",
  text: statementText(sql`WITH project AS (
      SELECT p.id FROM projects p
       WHERE p.agency_id = ${agency} AND p.id = ${project} AND p.deleted_at IS NULL
         AND ((SELECT app_scope_all('projetos_tempo')) OR p.owner_id = ${user}
           OR p.id IN (SELECT pm.project_id FROM project_members pm WHERE pm.agency_id = ${agency} AND pm.user_id = ${user}))),
    open AS (
      SELECT project.id FROM project
       WHERE NOT ${periodLocked({ agencyId: agency, userId: user, projectId: project, start: at, end: at })}),
    stopped AS (${stopRunning(agency, user, at)} AND EXISTS (SELECT 1 FROM open) RETURNING r.id),
    discarded AS (${discardShortRun(agency, user, at)} AND EXISTS (SELECT 1 FROM open) RETURNING r.id),
    started AS (
      INSERT INTO time_entries (agency_id, user_id, project_id, task_id, description, billable, started_at)
      SELECT ${agency}, ${user}, open.id, ${task}, ${description}, ${billable}, ${at}
        FROM open, (SELECT count(*) FROM stopped) AS closed, (SELECT count(*) FROM discarded) AS dropped
      RETURNING id)
    SELECT EXISTS (SELECT 1 FROM project) AS found, (SELECT id::text FROM started) AS id`),
};

export type StoppedTimer = { id: string; discarded: boolean };

/**
 * Stops the caller's running timer (one statement, its own transaction): its id and whether it was
 * dropped for running under a minute, or null when none runs.
 */
export async function stopRunningTimer(
  write: TenantRows,
  agencyId: string,
  userId: string,
  now: Date,
): Promise<StoppedTimer | null> {
  const [row] = await write(STOP_TIMER, [agencyId, userId, now.toISOString()]);
  const [stopped, discarded] = (row ?? [null, null]) as [string | null, string | null];
  if (stopped) return { id: stopped, discarded: false };
  return discarded ? { id: discarded, discarded: true } : null;
}

/** A task the timer names must be one the caller reaches, of the project named. */
export async function assertTimerTask(tx: Queryable, caller: Caller, body: StartTimerBody, now: Date): Promise<void> {
  if (!body.taskId) return;
  await findProjectOr404(tx, caller, body.projectId, { message: M.projectRequired });
  const task = await findTaskOr404(tx, caller, body.taskId, now);
  if (task.projectId !== body.projectId) throw new AppError("validation_failed", M.projectRequired);
}

/**
 * Starts a timer, stopping the one running, in one statement (its own transaction). Two starts
 * racing (two devices) cannot both win: the partial unique index time_entries_one_running_idx
 * refuses the second insert (see routes.ts).
 */
export async function startTimer(
  write: TenantRows,
  caller: { agencyId: string; userId: string },
  body: StartTimerBody,
  now: Date,
): Promise<{ id: string }> {
  const [row] = await write(START_TIMER, [
    caller.agencyId,
    caller.userId,
    body.projectId,
    body.taskId ?? null,
    body.description ?? null,
    body.billable ?? true,
    now.toISOString(),
  ]);
  const [found, id] = row as [boolean | string, string | null];
  if (found !== true && found !== "t") throw new AppError("not_found", M.projectRequired);
  if (id === null) throw new AppError("validation_failed", M.locked);
  return { id };
}
