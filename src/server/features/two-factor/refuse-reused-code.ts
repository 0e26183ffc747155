import { createHash } from "node:crypto";
import { and, eq, lte } from "drizzle-orm";
import type { Hono } from "hono";
import { AUTH_BASE_PATH } from "../../auth/auth.ts";
import { twoFactorUsedCodes } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import { codeCheckerOf } from "./challenge-user.ts";

export const CODE_REUSED = "Este código já foi usado. Aguarde o próximo código do aplicativo autenticador.";

/**
 * better-auth accepts a TOTP code from the step before to the step after its own (90 s): a code is
 * kept this long after its first acceptance, so it can never pass a second time.
 */
const USED_CODE_KEPT_MS = 120_000;

const digestOf = (code: string) => createHash("sha256").update(code.trim()).digest("hex");

/**
 * A TOTP code is accepted once per user (issue 13, defect 4). The code is claimed before
 * better-auth checks it (so two concurrent requests cannot both use it) and released when the
 * check fails (a mistyped code does not burn the right one).
 */
export function refuseReusedCode(app: Hono, deps: Deps): void {
  app.post(`${AUTH_BASE_PATH}/two-factor/verify-totp`, async (c, next) => {
    const body = (await c.req.raw
      .clone()
      .json()
      .catch(() => null)) as { code?: unknown } | null;
    const checker = typeof body?.code === "string" ? await codeCheckerOf(c, deps) : null;
    if (!checker || typeof body?.code !== "string") return next();
    const db = deps.database.owner;
    const now = deps.now();
    const codeDigest = digestOf(body.code);
    await db
      .delete(twoFactorUsedCodes)
      .where(and(eq(twoFactorUsedCodes.userId, checker.userId), lte(twoFactorUsedCodes.expiresAt, now)));
    const claimed = await db
      .insert(twoFactorUsedCodes)
      .values({ userId: checker.userId, codeDigest, expiresAt: new Date(now.getTime() + USED_CODE_KEPT_MS) })
      .onConflictDoNothing()
      .returning({ userId: twoFactorUsedCodes.userId });
    if (claimed.length === 0) {
      const error = new AppError("code_reused", CODE_REUSED);
      return c.json(error.toBody(), 401);
    }
    await next();
    if (!c.res.ok) {
      await db
        .delete(twoFactorUsedCodes)
        .where(and(eq(twoFactorUsedCodes.userId, checker.userId), eq(twoFactorUsedCodes.codeDigest, codeDigest)));
    }
  });
}
