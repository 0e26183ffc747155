import { z } from "zod";
import { calendarDateField } from "./calendar-date-field.ts";

export const MAX_ENTRY_MS = 24 * 60 * 60 * 1000;

export const TIME_MESSAGES = {
  projectRequired: "Escolha um projeto.",
  endBeforeStart: "O fim deve ser depois do início.",
  overADay: "Um lançamento não pode passar de 24 horas.",
  inFuture: "Não é possível lançar horas no futuro.",
  overlap: "Já existe um lançamento nesse horário: as horas seriam contadas duas vezes.",
  locked: "Este período já foi aprovado e faturado: não é possível lançar ou alterar horas nele.",
  notFound: "Lançamento de horas não encontrado.",
  noTimer: "Nenhum cronômetro em andamento.",
  timerRunning: "Você já tem um cronômetro em andamento.",
  startOrDuration: "Informe o fim ou a duração.",
  started: "Cronômetro iniciado.",
  stopped: "Cronômetro parado.",
  shortRun: "Cronômetro parado com menos de 1 minuto: nada foi lançado.",
  created: "Horas lançadas.",
  approved: "Horas aprovadas.",
  notManager: "Só o gestor do projeto aprova estas horas.",
  ratesManagerOnly: "Só quem gerencia as horas de toda a agência define o valor/hora.",
  deleted: "Lançamento excluído.",
} as const;

/** A manual entry: start and end, or start and a duration in minutes. */
export const createTimeEntrySchema = z
  .object({
    projectId: z.uuid(TIME_MESSAGES.projectRequired),
    taskId: z.uuid().nullable().optional(),
    description: z.string().trim().max(2000).nullable().optional(),
    startedAt: z.iso.datetime({ offset: true, error: "Início inválido" }),
    endedAt: z.iso.datetime({ offset: true, error: "Fim inválido" }).nullable().optional(),
    durationMinutes: z.number().int("Duração inválida").min(1, "Duração inválida").max(100000).nullable().optional(),
    billable: z.boolean().optional(),
  })
  .refine((v) => v.endedAt || v.durationMinutes, { message: TIME_MESSAGES.startOrDuration, path: ["endedAt"] });
export type CreateTimeEntryBody = z.output<typeof createTimeEntrySchema>;

export const updateTimeEntrySchema = z.object({
  description: z.string().trim().max(2000).nullable().optional(),
  startedAt: z.iso.datetime({ offset: true, error: "Início inválido" }).optional(),
  endedAt: z.iso.datetime({ offset: true, error: "Fim inválido" }).optional(),
  billable: z.boolean().optional(),
});
export type UpdateTimeEntryBody = z.output<typeof updateTimeEntrySchema>;

export const startTimerSchema = z.object({
  projectId: z.uuid(TIME_MESSAGES.projectRequired),
  taskId: z.uuid().nullable().optional(),
  description: z.string().trim().max(2000).nullable().optional(),
  billable: z.boolean().optional(),
});
export type StartTimerBody = z.output<typeof startTimerSchema>;

export const approveTimeSchema = z.object({ entryIds: z.array(z.uuid()).min(1).max(500) });

export const timesheetQuerySchema = z.object({
  /** Monday of the week, yyyy-mm-dd. */
  week: calendarDateField("Semana inválida").optional(),
  userId: z.uuid().optional(),
});

export const REPORT_GROUPS = ["project", "client", "person"] as const;
export const reportQuerySchema = z.object({
  from: calendarDateField("Data inválida"),
  to: calendarDateField("Data inválida"),
  groupBy: z.enum(REPORT_GROUPS).default("project"),
});
export type ReportQuery = z.output<typeof reportQuerySchema>;

export const hourlyRateSchema = z.object({ userId: z.uuid(), rateCents: z.number().int().min(0).max(1e9) });

/**
 * Members of the agency and their own hourly rate (null: none set; a project's rate prevails);
 * `canEdit` when the caller sees everyone's time and may set rates (otherwise only their own row).
 */
export const hourlyRatesSchema = z.object({
  rates: z.array(z.object({ userId: z.string(), name: z.string(), rateCents: z.number().nullable() })),
  canEdit: z.boolean(),
});
export type HourlyRates = z.infer<typeof hourlyRatesSchema>;

export const timeEntrySchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  taskId: z.string().nullable(),
  taskTitle: z.string().nullable(),
  description: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  minutes: z.number(),
  billable: z.boolean(),
  rateCents: z.number(),
  approvedAt: z.string().nullable(),
  invoiced: z.boolean(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

export const runningTimerSchema = z.object({ timer: timeEntrySchema.nullable() });
export type RunningTimer = z.infer<typeof runningTimerSchema>;

/** A timer started or stopped, or an entry created: its id and the toast's message. */
export const timeEntryCreatedSchema = z.object({ id: z.string(), message: z.string() });
export const timeApprovedSchema = z.object({ approved: z.number(), message: z.string() });

export const timesheetSchema = z.object({
  week: z.string(),
  userId: z.string(),
  days: z.array(z.object({ date: z.string(), minutes: z.number() })),
  totalMinutes: z.number(),
  entries: z.array(timeEntrySchema),
});
export type Timesheet = z.infer<typeof timesheetSchema>;

/** A week as the caller may act on it: whether it may open another person's week and approve. */
export const timesheetViewSchema = timesheetSchema.extend({ canChoosePerson: z.boolean(), canApprove: z.boolean() });
export type TimesheetView = z.infer<typeof timesheetViewSchema>;

export const hoursReportSchema = z.object({
  groupBy: z.enum(REPORT_GROUPS),
  rows: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      minutes: z.number(),
      billableMinutes: z.number(),
      amountCents: z.number(),
      budgetHours: z.number().nullable(),
      budgetCents: z.number().nullable(),
    }),
  ),
});
export type HoursReport = z.infer<typeof hoursReportSchema>;
