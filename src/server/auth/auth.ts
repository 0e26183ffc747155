import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#domain/password.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import { CLIENT_IP_HEADER } from "./auth-request.ts";
import { hashPassword, verifyPassword } from "./password-hash.ts";
import { HOST_COOKIE_PREFIX } from "./session-cookie.ts";

export const AUTH_BASE_PATH = "/api/auth";
const SEVEN_DAYS = 60 * 60 * 24 * 7;

/** Requests per IP and window (seconds) on the credential endpoints, counted in the database. */
function credentialFloodRules(limits: Config["credentialFloodLimits"]) {
  return {
    "/sign-in/email": { window: 60, max: limits.signInPerMinute },
    "/sign-up/email": { window: 60, max: limits.signUpPerMinute },
  };
}

const SECOND_FACTOR_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

function isSecondFactorPath(path: string | undefined): boolean {
  return path !== undefined && SECOND_FACTOR_PATHS.has(path);
}

export function createAuth(config: Config, db: Db) {
  const secure = config.publicUrl.startsWith("https://");
  return betterAuth({
    appName: "Nexo",
    secret: config.authSecret,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    trustedOrigins: config.allowedOrigins,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    user: {
      additionalFields: {
        firstName: { type: "string", required: true, input: true },
        lastName: { type: "string", required: true, input: true },
        company: { type: "string", required: false, input: true },
        signupRole: { type: "string", required: false, input: true, defaultValue: "user" },
      },
    },
    session: {
      expiresIn: SEVEN_DAYS,
      updateAge: 60 * 60 * 24,
      additionalFields: {
        twoFactorVerified: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          // A session opened by a TOTP or backup code passed the second factor; any other did not.
          before: async (data, ctx) => ({
            data: { ...data, twoFactorVerified: isSecondFactorPath(ctx?.path) },
          }),
        },
      },
    },
    rateLimit: {
      enabled: !config.isTest,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
      // better-auth's default of 3 sign-ins per 10 s per IP would answer before our lockout of
      // 5 failures (features/sign-in) and trip an office sharing one address: a looser flood guard.
      customRules: credentialFloodRules(config.credentialFloodLimits),
    },
    advanced: {
      // Over https every cookie is `__Host-`: Secure, Path=/, no Domain, so no subdomain can set it.
      cookiePrefix: secure ? `${HOST_COOKIE_PREFIX}nexo` : "nexo",
      useSecureCookies: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure, path: "/" },
      database: { generateId: "uuid" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [twoFactor({ issuer: "Nexo" })],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
