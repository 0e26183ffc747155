import { z } from "zod";
import type { PermissionFlags } from "../permissions.ts";
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

export type AgencyUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  createdAt: string;
  /** Shown to managers as "E-mail não verificado" (issue 13, item 8). */
  isEmailVerified: boolean;
  /** While the member's sign-in is locked (5 wrong passwords), when the lock ends (issue 13, defect 3). */
  lockedUntil: string | null;
};

export type AgencyUsersPage = { users: AgencyUser[]; nextCursor: string | null };

/** The four counting cards: users, managers, clients and pending (unexpired) invites. */
export type AgencyUsersSummary = {
  totalUsers: number;
  managers: number;
  clients: number;
  pendingInvites: number;
};

export type UpdatedUserRole = { userId: string; role: Role };

export type RolePermissionSummary = PermissionFlags & { role: Role; module: string };
