import { z } from "zod";
import { type AuditAction, CRITICAL_ACTIONS } from "../audit.ts";
import { isStorableInstant } from "../calendar-date.ts";

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
  .refine((value) => value === undefined || isStorableInstant(value), AUDIT_MESSAGES.invalidDate);

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

export const auditLogRowSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  agencyId: z.string().nullable(),
  action: z.string(),
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  details: z.unknown(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
});
export type AuditLogRow = z.infer<typeof auditLogRowSchema>;

export const auditStatsSchema = z.object({
  totalLast30Days: z.number(),
  criticalLast7Days: z.number(),
  byAction: z.array(
    z.object({
      action: z.string(),
      count: z.number(),
    }),
  ),
  suspicious: z.array(auditLogRowSchema),
});
export type AuditStats = z.infer<typeof auditStatsSchema>;

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

/**
 * pt-BR names of the audit actions (issue 19: a person reads "Login", not LOGIN or update_role).
 * Keyed by every action of AuditEvent: a new action without its name does not compile.
 */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  accept_invite: "Convite aceito",
  account_locked: "Conta bloqueada",
  account_unlocked: "Conta desbloqueada",
  apply_template: "Template aplicado",
  cancel_invite: "Convite cancelado",
  change_permissions: "Permissões alteradas",
  cleanup_audit_logs: "Limpeza de logs",
  create: "Criação",
  create_backup: "Backup criado",
  create_invite: "Convite criado",
  create_super_admin: "Super admin criado",
  create_template: "Template criado",
  delete: "Exclusão",
  delete_backup: "Backup excluído",
  delete_template: "Template excluído",
  email_verification_sent: "Verificação de e-mail enviada",
  email_verified: "E-mail verificado",
  export_backup: "Backup exportado",
  import_permissions: "Permissões importadas",
  login: "Login",
  login_failed: "Falha de login",
  logout: "Logout",
  password_changed: "Senha alterada",
  password_reset: "Senha redefinida",
  password_reset_requested: "Redefinição de senha pedida",
  restore_backup: "Backup restaurado",
  session_revoked: "Sessão encerrada",
  signup: "Cadastro",
  two_factor_disabled: "2FA desativado",
  two_factor_enabled: "2FA ativado",
  update: "Atualização",
  update_role: "Função alterada",
  update_settings: "Configurações alteradas",
};

/**
 * pt-BR names of the audited resource types: every type the server writes has one
 * (audit-labels.test.ts reads them from src/server).
 */
export const AUDIT_RESOURCE_LABELS: Record<string, string> = {
  agencies: "Agência",
  agency_backups: "Backup automático",
  agency_invites: "Convite",
  agency_settings: "Configurações da agência",
  audit_logs: "Logs de auditoria",
  auth: "Autenticação",
  company: "Empresa",
  company_activity: "Atividade de empresa",
  contact: "Contato",
  contact_activity: "Atividade de contato",
  crm_custom_fields: "Campo personalizado",
  crm_imports: "Importação de contatos",
  crm_purge: "Limpeza da lixeira do CRM",
  deal: "Oportunidade",
  pipeline: "Funil",
  pipeline_stage: "Etapa do funil",
  deal_activity: "Atividade de oportunidade",
  expenses: "Despesa",
  invoices: "Fatura",
  payments: "Pagamento",
  api_keys: "Chave de API",
  calendar_feeds: "Link do calendário",
  webhooks: "Webhook",
  permission_templates: "Template de permissões",
  platform: "Plataforma",
  price_items: "Item da tabela de preços",
  quotes: "Orçamento",
  recurring_invoice_schedules: "Cobrança recorrente",
  role_permissions: "Permissões de função",
  session: "Sessão",
  tasks: "Tarefa",
  user: "Usuário",
  user_roles: "Função do usuário",
  user_hourly_rates: "Valor/hora",
};

/** What the audit statistics count as critical, as a person reads it ("Exclusão, Função alterada, …"). */
export const CRITICAL_ACTIONS_TEXT = CRITICAL_ACTIONS.map((action) => AUDIT_ACTION_LABELS[action]).join(", ");

/** The label of an action or resource type; one not listed yet shows as written, spaced. */
export function auditLabel(labels: Record<string, string>, value: string): string {
  return labels[value] ?? value.replace(/_/g, " ");
}

export const auditLogListSchema = z.array(auditLogRowSchema);

/** POST /api/audit-logs/cleanup: how many entries were removed. */
export const auditCleanupResultSchema = z.object({ removed: z.number() });
