import { permissionFlagsSchema, roleSchema } from "./shared-answers.ts";
import { z } from "zod";
import { ASSIGNABLE_ROLES, type Role } from "../roles.ts";

/** Texts of the Gestão de Usuários tab (spec §2.8, §8). */
export const AGENCY_USER_MESSAGES = {
  roleUpdated: "Função do usuário atualizada com sucesso!",
  roleUpdateFailed: "Erro ao atualizar função: ",
  invalidRole: "Função inválida",
  ownRole: "Você não pode alterar a sua própria função",
  aboveOwnRole: "Você não pode atribuir uma função acima da sua",
  targetAboveOwnRole: "Você não pode alterar a função de um usuário com função acima da sua",
  userNotFound: "Usuário não encontrado",
  emptyUsers: "Nenhum usuário encontrado",
  loadFailed: "Erro ao carregar usuários",
  locked: "Bloqueado",
  unlock: "Desbloquear",
  unlockFailed: "Erro ao desbloquear: ",
} as const;

/** A role the invite and role-change selectors may offer: every role except super_admin (spec §6). */
export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES as [Role, ...Role[]], {
  error: AGENCY_USER_MESSAGES.invalidRole,
});

export const updateUserRoleSchema = z.object({ role: assignableRoleSchema });
export type UpdateUserRoleBody = z.infer<typeof updateUserRoleSchema>;

export const keysetQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const agencyUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  createdAt: z.string(),
  /** Shown to managers as "E-mail não verificado" (issue 13, item 8). */
  isEmailVerified: z.boolean(),
  /** While the member's sign-in is locked (5 wrong passwords), when the lock ends (issue 13, defect 3). */
  lockedUntil: z.string().nullable(),
});
export type AgencyUser = z.infer<typeof agencyUserSchema>;

export const agencyUsersPageSchema = z.object({
  users: z.array(agencyUserSchema),
  nextCursor: z.string().nullable(),
});
export type AgencyUsersPage = z.infer<typeof agencyUsersPageSchema>;

/** The four counting cards: users, managers, clients and pending (unexpired) invites. */
export const agencyUsersSummarySchema = z.object({
  totalUsers: z.number(),
  managers: z.number(),
  clients: z.number(),
  pendingInvites: z.number(),
});
export type AgencyUsersSummary = z.infer<typeof agencyUsersSummarySchema>;

export const updatedUserRoleSchema = z.object({
  userId: z.string(),
  role: roleSchema,
});
export type UpdatedUserRole = z.infer<typeof updatedUserRoleSchema>;

export const rolePermissionSummarySchema = permissionFlagsSchema.extend({ role: roleSchema, module: z.string() });
export type RolePermissionSummary = z.infer<typeof rolePermissionSummarySchema>;
