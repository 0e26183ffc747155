import { z } from "zod";

/** Texts of the security tab. */
export const SECURITY_ADMIN_MESSAGES = {
  unlocked: "Conta desbloqueada com sucesso",
  unlockFailed: "Erro ao desbloquear conta: ",
  notLocked: "Esta conta não está bloqueada",
  noLocks: "Nenhuma conta bloqueada no momento",
  noFailures: "Nenhuma tentativa de login falha registrada",
} as const;

export const unlockAccountSchema = z.object({ email: z.string().trim().toLowerCase().pipe(z.email()) });

export type SecurityOverview = {
  lockedAccounts: { email: string; lockedUntil: string; createdAt: string }[];
  agencyTwoFactor: { agencyId: string; agencyName: string; isTwoFactorRequired: boolean }[];
  recentFailures: { id: string; email: string; ipAddress: string | null; createdAt: string }[];
};
