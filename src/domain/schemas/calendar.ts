import { z } from "zod";

export const CALENDAR_MESSAGES = {
  titleRequired: "Título da reunião é obrigatório",
  endBeforeStart: "O fim da reunião deve ser depois do início.",
  attendeeNotFound: "Um dos participantes não pertence à agência.",
  scheduled: "Reunião agendada!",
  feedCreated: "Novo link do calendário gerado. O anterior deixou de funcionar.",
  feedRevoked: "Link do calendário revogado.",
  feedNotFound: "Calendário não encontrado.",
  meetingInvite: "Você foi convidado para uma reunião",
} as const;

export const createMeetingSchema = z
  .object({
    title: z.string({ error: CALENDAR_MESSAGES.titleRequired }).trim().min(1, CALENDAR_MESSAGES.titleRequired).max(200),
    description: z.string().trim().max(5000).nullable().optional(),
    location: z.string().trim().max(500).nullable().optional(),
    startsAt: z.iso.datetime({ offset: true, error: "Início inválido" }),
    endsAt: z.iso.datetime({ offset: true, error: "Fim inválido" }),
    attendeeIds: z.array(z.uuid(CALENDAR_MESSAGES.attendeeNotFound)).max(100).default([]),
    projectId: z.uuid().nullable().optional(),
    contactId: z.uuid().nullable().optional(),
    dealId: z.uuid().nullable().optional(),
  })
  .refine((v) => Date.parse(v.endsAt) > Date.parse(v.startsAt), {
    message: CALENDAR_MESSAGES.endBeforeStart,
    path: ["endsAt"],
  });
export type CreateMeetingBody = z.output<typeof createMeetingSchema>;

export const calendarQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true, error: "Data inválida" }),
    to: z.iso.datetime({ offset: true, error: "Data inválida" }),
  })
  .refine((v) => Date.parse(v.to) > Date.parse(v.from) && Date.parse(v.to) - Date.parse(v.from) <= 62 * 86400000, {
    message: "Período inválido",
  });

export const CALENDAR_ITEM_KINDS = ["task", "milestone", "meeting", "project_due"] as const;
export const calendarItemSchema = z.object({
  kind: z.enum(CALENDAR_ITEM_KINDS),
  id: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
});
export type CalendarItem = z.infer<typeof calendarItemSchema>;
export const calendarItemsSchema = z.object({ items: z.array(calendarItemSchema) });

export const feedStatusSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export const feedCreatedSchema = z.object({ url: z.string(), message: z.string() });
export const meetingCreatedSchema = z.object({ id: z.string(), message: z.string() });
