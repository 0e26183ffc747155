import { z } from "zod";
import { countLabel } from "../count-label.ts";
import { brazilianFieldsShape } from "./brazilian-fields.ts";

/** Texts of the agencies tab of the Super Admin Panel (spec §2.7). */
export const AGENCY_MESSAGES = {
  nameAndSlugRequired: "Nome e slug são obrigatórios",
  slugTaken: "Já existe uma agência com este slug",
  slugFormat: "O slug deve ter apenas letras minúsculas, números e hífens",
  invalidEmail: "Por favor, insira um email válido",
  created: "Agência criada com sucesso!",
  createFailed: "Erro ao criar agência: ",
  updated: "Agência atualizada com sucesso!",
  updateFailed: "Erro ao atualizar agência: ",
  empty: "Nenhuma agência encontrada",
  invalidLimit: "Os limites devem ser números maiores que zero",
  managerIsMember: "Este e-mail já pertence a um usuário de outra agência ou a um super admin",
  invalidPlan: "Plano inválido",
  invalidStatus: "Situação inválida: use active ou inactive",
} as const;

/** The agency form's labels, also naming a field an edit left out. */
export const AGENCY_FIELD_LABELS = {
  domain: "Domínio",
  contactEmail: "E-mail de contato",
  contactPhone: "Telefone de contato",
  subscriptionPlan: "Plano",
  maxUsers: "Máximo de usuários",
  maxClients: "Máximo de clientes",
  maxProjects: "Máximo de projetos",
  subscriptionStatus: "Situação",
} as const;
type AgencyField = keyof typeof AGENCY_FIELD_LABELS;

/** An edit replaces the whole agency (PUT): a field left out is refused, never reset to a default. */
export const missingOnEdit = (field: AgencyField) =>
  `Informe o campo "${AGENCY_FIELD_LABELS[field]}": a edição substitui todos os dados da agência; envie também os campos que não mudam.`;

/** zod's error option: a field left out gets missingOnEdit, a wrong value `invalid` (or zod's pt-BR text). */
const onEdit = (field: AgencyField, invalid?: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? missingOnEdit(field) : invalid),
});

/** A plan's user limit may not fall below the members and pending invites the agency already has. */
export const maxUsersBelowSeats = (seats: number) =>
  `O limite de usuários não pode ficar abaixo de ${seats}: a agência já tem ${countLabel(seats, "membro ou convite pendente", "membros e convites pendentes")}.`;

export const SUBSCRIPTION_PLANS = ["basic", "pro", "enterprise"] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];
export const SUBSCRIPTION_STATUSES = ["active", "inactive"] as const;

export const AGENCY_LIMIT_DEFAULTS = { maxUsers: 10, maxClients: 50, maxProjects: 100 } as const;

/** A whole number from a number or numeric text (the form's NumberInput gives either); anything else as it came. */
function wholeNumber(value: unknown): unknown {
  if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) {
    return Math.trunc(Number(value));
  }
  return value;
}

const limitRange = (number: z.ZodNumber) =>
  number.int().min(1, AGENCY_MESSAGES.invalidLimit).max(1_000_000, AGENCY_MESSAGES.invalidLimit);

/** On creation a limit falls back to its default when the field is not a number (spec §2.7). */
function limit(fallback: number) {
  return z.preprocess((value) => {
    const number = wholeNumber(value);
    return typeof number === "number" ? number : fallback;
  }, limitRange(z.number()));
}

/** On an edit a limit is required and must be a number: no default may replace the agency's limit. */
function editedLimit(field: "maxUsers" | "maxClients" | "maxProjects") {
  return z.preprocess(wholeNumber, limitRange(z.number(onEdit(field, AGENCY_MESSAGES.invalidLimit))));
}

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => (value ? value : null));

const optionalEmail = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value.toLowerCase() : null))
  .refine((value) => value === null || z.email().safeParse(value).success, AGENCY_MESSAGES.invalidEmail);

const identityFields = {
  name: z
    .string({ error: AGENCY_MESSAGES.nameAndSlugRequired })
    .trim()
    .min(1, AGENCY_MESSAGES.nameAndSlugRequired)
    .max(120),
  slug: z
    .string({ error: AGENCY_MESSAGES.nameAndSlugRequired })
    .trim()
    .min(1, AGENCY_MESSAGES.nameAndSlugRequired)
    .max(80)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, AGENCY_MESSAGES.slugFormat),
};

/** Nova Agência: only name and slug are required; what is left out takes the spec's defaults (§2.7, §9). */
export const createAgencySchema = z.object({
  ...identityFields,
  domain: optionalText,
  contactEmail: optionalEmail,
  contactPhone: brazilianFieldsShape()
    .contactPhone.optional()
    .transform((phone) => phone ?? null),
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS, { error: AGENCY_MESSAGES.invalidPlan }).default("basic"),
  maxUsers: limit(AGENCY_LIMIT_DEFAULTS.maxUsers),
  maxClients: limit(AGENCY_LIMIT_DEFAULTS.maxClients),
  maxProjects: limit(AGENCY_LIMIT_DEFAULTS.maxProjects),
  firstManagerEmail: optionalEmail,
});
export type CreateAgencyInput = z.input<typeof createAgencySchema>;
export type CreateAgencyBody = z.output<typeof createAgencySchema>;

/** A text an edit must send: empty or null for none. */
const editedText = (field: AgencyField) => z.string(onEdit(field)).trim().max(200).nullable();

/**
 * PUT /api/admin/agencies/:id replaces the agency, as PUT /api/agency/profile does: every field is
 * required and none has a default, so a client that sends only a name is refused (400 naming the
 * missing field) instead of resetting the plan and limits. The phone passes here as text; the
 * server checks it against the stored one (brazilianFieldsShape).
 */
export const updateAgencySchema = z.object({
  ...identityFields,
  domain: editedText("domain").transform((value) => value || null),
  contactEmail: editedText("contactEmail")
    .transform((value) => (value ? value.toLowerCase() : null))
    .refine((value) => value === null || z.email().safeParse(value).success, AGENCY_MESSAGES.invalidEmail),
  contactPhone: editedText("contactPhone").transform((value) => value ?? ""),
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS, onEdit("subscriptionPlan", AGENCY_MESSAGES.invalidPlan)),
  maxUsers: editedLimit("maxUsers"),
  maxClients: editedLimit("maxClients"),
  maxProjects: editedLimit("maxProjects"),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES, onEdit("subscriptionStatus", AGENCY_MESSAGES.invalidStatus)),
});
export type UpdateAgencyBody = z.output<typeof updateAgencySchema>;

/** The edit form's check: the agency's situation is not one of its fields, and its stored phone may stay. */
export function agencyEditFormSchema(stored: { contactPhone: string | null }) {
  return updateAgencySchema
    .omit({ subscriptionStatus: true })
    .extend({ contactPhone: brazilianFieldsShape(stored).contactPhone });
}

export const agencyListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const agencyRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  domain: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  subscriptionPlan: z.string(),
  subscriptionStatus: z.string(),
  maxUsers: z.number(),
  maxClients: z.number(),
  maxProjects: z.number(),
  createdAt: z.string(),
});
export type AgencyRow = z.infer<typeof agencyRowSchema>;

export const agencyPageSchema = z.object({
  agencies: z.array(agencyRowSchema),
  nextCursor: z.string().nullable(),
});
export type AgencyPage = z.infer<typeof agencyPageSchema>;

export const createdAgencySchema = z.object({
  agency: agencyRowSchema,
  inviteUrl: z.string().nullable(),
});
export type CreatedAgency = z.infer<typeof createdAgencySchema>;
