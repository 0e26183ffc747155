import { roleSchema } from "./shared-answers.ts";
import { z } from "zod";

/** Texts of the users tab of the Super Admin Panel (spec §2.7). */
export const ADMIN_USER_MESSAGES = {
  invalidEmail: "Por favor, insira um email válido",
  deleted: "Usuário deletado com sucesso!",
  deleteFailed: "Erro ao deletar usuário: ",
  unexpected: "Erro inesperado ao deletar usuário",
  notFound: "Usuário não encontrado",
  lastSuperAdmin: "Não é possível deletar o último super admin da plataforma",
  self: "Você não pode deletar a sua própria conta",
  confirmTitle: "Confirmar exclusão",
} as const;

export const deleteUserSchema = z.object({
  email: z
    .string({ error: ADMIN_USER_MESSAGES.invalidEmail })
    .trim()
    .toLowerCase()
    .pipe(z.email(ADMIN_USER_MESSAGES.invalidEmail)),
});
export type DeleteUserBody = z.infer<typeof deleteUserSchema>;

export const deleteUserResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type DeleteUserResult = z.infer<typeof deleteUserResultSchema>;

export const platformSummarySchema = z.object({
  totalAgencies: z.number(),
  totalUsers: z.number(),
});
export type PlatformSummary = z.infer<typeof platformSummarySchema>;

export const ADMIN_USER_SEARCH_MAX = 100;

/** Query of GET /api/admin/users: a name or e-mail fragment, and the page cursor. */
export const adminUserSearchSchema = z.object({
  q: z
    .string()
    .trim()
    .max(ADMIN_USER_SEARCH_MAX, `A busca deve ter no máximo ${ADMIN_USER_SEARCH_MAX} caracteres`)
    .optional()
    .transform((q) => q || undefined),
  cursor: z.string().max(200).optional(),
});
export type AdminUserSearch = z.infer<typeof adminUserSearchSchema>;

/** One row of the super admin's Usuários tab: any user of the platform. */
export const adminUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  agencyName: z.string().nullable(),
  /** The latest sign-in, sign-up or session activity ("Último acesso"); null: never signed in. */
  lastAccessAt: z.string().nullable(),
  isLocked: z.boolean(),
  twoFactorEnabled: z.boolean(),
  isEmailVerified: z.boolean(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUsersPageSchema = z.object({
  users: z.array(adminUserRowSchema),
  nextCursor: z.string().nullable(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;
