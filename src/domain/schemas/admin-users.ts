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

export type DeleteUserResult = { success: true; message: string };

export type PlatformSummary = { totalAgencies: number; totalUsers: number };
