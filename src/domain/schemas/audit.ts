import { z } from "zod";

/** Texts of the audit tab (spec §2.7, §9). */
export const AUDIT_MESSAGES = {
  cleaned: "Logs antigos removidos com sucesso",
  cleanupFailed: "Erro ao limpar logs antigos",
  invalidDays: "Informe um número de dias entre 1 e 3650",
  invalidDate: "Data inválida",
  empty: "Nenhum log encontrado",
} as const;

const optionalFilter = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => (value ? value : undefined));

const optionalDate = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || !Number.isNaN(Date.parse(value)), AUDIT_MESSAGES.invalidDate);

export const auditFilterSchema = z.object({
  from: optionalDate,
  to: optionalDate,
  action: optionalFilter,
  resourceType: optionalFilter,
  userId: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || z.uuid().safeParse(value).success, "Usuário inválido"),
  ipAddress: optionalFilter,
  search: optionalFilter,
});
export type AuditFilters = z.output<typeof auditFilterSchema>;

export function hasAuditFilters(filters: AuditFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined);
}

/** Unfiltered lists show the newest 100; filtered, the newest 200 (spec §2.7). */
export const AUDIT_PAGE_SIZE = 100;
export const AUDIT_FILTERED_PAGE_SIZE = 200;

export const auditCleanupSchema = z.object({
  days: z.coerce
    .number({ error: AUDIT_MESSAGES.invalidDays })
    .int(AUDIT_MESSAGES.invalidDays)
    .min(1, AUDIT_MESSAGES.invalidDays)
    .max(3650, AUDIT_MESSAGES.invalidDays),
});

export type AuditLogRow = {
  id: string;
  userId: string | null;
  agencyId: string | null;
  action: string;
  resourceType: string;
  resourceId: string | null;
  details: unknown;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
  userName: string | null;
  userEmail: string | null;
};

export type AuditStats = {
  totalLast30Days: number;
  criticalLast7Days: number;
  byAction: { action: string; count: number }[];
  suspicious: AuditLogRow[];
};

/** Working hours in America/Sao_Paulo; activity outside them is flagged as suspicious. */
export const WORKING_HOURS = { start: 8, end: 18, timeZone: "America/Sao_Paulo" } as const;

export function isOutsideWorkingHours(iso: string): boolean {
  const hour = Number(
    new Intl.DateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone: WORKING_HOURS.timeZone }).format(
      new Date(iso),
    ),
  );
  return hour < WORKING_HOURS.start || hour >= WORKING_HOURS.end;
}

export const AUDIT_ACTION_COLORS: Record<string, string> = {
  create: "green",
  update: "blue",
  delete: "red",
  login: "teal",
  logout: "gray",
};
