import { z } from "zod";
import { countLabel } from "../count-label.ts";

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
} as const;

/** A plan's user limit may not fall below the members and pending invites the agency already has. */
export const maxUsersBelowSeats = (seats: number) =>
  `O limite de usuários não pode ficar abaixo de ${seats}: a agência já tem ${countLabel(seats, "membro ou convite pendente", "membros e convites pendentes")}.`;

export const SUBSCRIPTION_PLANS = ["basic", "pro", "enterprise"] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];
export const SUBSCRIPTION_STATUSES = ["active", "inactive"] as const;

export const AGENCY_LIMIT_DEFAULTS = { maxUsers: 10, maxClients: 50, maxProjects: 100 } as const;

/** A limit falls back to its default when the field is not a number (spec §2.7). */
function limit(fallback: number) {
  return z.preprocess(
    (value) => {
      if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : fallback;
      if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) {
        return Math.trunc(Number(value));
      }
      return fallback;
    },
    z.number().int().min(1, AGENCY_MESSAGES.invalidLimit).max(1_000_000, AGENCY_MESSAGES.invalidLimit),
  );
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

const agencyFields = {
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
  domain: optionalText,
  contactEmail: optionalEmail,
  contactPhone: optionalText,
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS).default("basic"),
  maxUsers: limit(AGENCY_LIMIT_DEFAULTS.maxUsers),
  maxClients: limit(AGENCY_LIMIT_DEFAULTS.maxClients),
  maxProjects: limit(AGENCY_LIMIT_DEFAULTS.maxProjects),
};

export const createAgencySchema = z.object({ ...agencyFields, firstManagerEmail: optionalEmail });
export type CreateAgencyInput = z.input<typeof createAgencySchema>;
export type CreateAgencyBody = z.output<typeof createAgencySchema>;

export const updateAgencySchema = z.object({
  ...agencyFields,
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).default("active"),
});
export type UpdateAgencyBody = z.output<typeof updateAgencySchema>;

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
