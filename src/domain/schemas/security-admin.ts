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

export const securityOverviewSchema = z.object({
  lockedAccounts: z.array(
    z.object({
      email: z.string(),
      lockedUntil: z.string(),
      createdAt: z.string(),
    }),
  ),
  agencyTwoFactor: z.array(
    z.object({
      agencyId: z.string(),
      agencyName: z.string(),
      isTwoFactorRequired: z.boolean(),
    }),
  ),
  recentFailures: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      ipAddress: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

/** GET /api/admin/outbox: the latest e-mails not yet sent, in full (the super admin copies a link from them). */
export const outboxMessagesSchema = z.object({
  messages: z.array(
    z.object({ id: z.string(), to: z.string(), subject: z.string(), body: z.string(), createdAt: z.string() }),
  ),
});

/** POST /api/admin/security/unlock. */
export const unlockedAccountSchema = z.object({ success: z.literal(true), message: z.string() });
