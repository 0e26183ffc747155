import { CALENDAR_MESSAGES as M, type CreateMeetingBody } from "#domain/schemas/calendar.ts";
import type { RecordType } from "#domain/records.ts";
import type { Queryable } from "../../db/client.ts";
import { meetingAttendees, meetings } from "../../db/schema.ts";
import { notifyUsers } from "../../notifications/notify-users.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { assertAgencyMembers, type Caller } from "../projects/delivery-scope.ts";
import { findProjectOr404 } from "../projects/find-project.ts";

/**
 * "Agendar": a meeting on each attendee's calendar (the scheduler included), notified, and on
 * the timeline of the project, contact and deal it is about.
 */
export async function createMeeting(tx: Queryable, caller: Caller, body: CreateMeetingBody): Promise<{ id: string }> {
  const { agencyId, user } = caller;
  const attendees = [...new Set([user.id, ...body.attendeeIds])];
  await assertAgencyMembers(tx, agencyId, attendees, M.attendeeNotFound);
  if (body.projectId) await findProjectOr404(tx, { ...caller, scope: "all" }, body.projectId);
  const [meeting] = await tx
    .insert(meetings)
    .values({
      agencyId,
      title: body.title,
      description: body.description ?? null,
      location: body.location ?? null,
      startsAt: new Date(body.startsAt),
      endsAt: new Date(body.endsAt),
      projectId: body.projectId ?? null,
      contactId: body.contactId ?? null,
      dealId: body.dealId ?? null,
      createdBy: user.id,
    })
    .returning({ id: meetings.id });
  await tx.insert(meetingAttendees).values(attendees.map((userId) => ({ agencyId, meetingId: meeting.id, userId })));
  await notifyUsers(tx, {
    agencyId,
    userIds: attendees,
    kind: "meeting_scheduled",
    title: M.meetingInvite,
    body: body.title,
    recordType: "meeting",
    recordId: meeting.id,
    actorId: user.id,
  });
  const links: [RecordType, string | null | undefined][] = [
    ["meeting", meeting.id],
    ["project", body.projectId],
    ["contact", body.contactId],
    ["deal", body.dealId],
  ];
  for (const [recordType, recordId] of links) {
    if (!recordId) continue;
    await recordTimelineEvent(tx, {
      agencyId,
      recordType,
      recordId,
      kind: "meeting_scheduled",
      actorId: user.id,
      details: { meetingId: meeting.id, title: body.title, startsAt: body.startsAt },
    });
  }
  return meeting;
}
