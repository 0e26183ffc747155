import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#domain/password.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import { hashPassword, verifyPassword } from "./password-hash.ts";

export const AUTH_BASE_PATH = "/api/auth";
const SEVEN_DAYS = 60 * 60 * 24 * 7;

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
    session: { expiresIn: SEVEN_DAYS, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: !config.isTest, storage: "database", modelName: "rateLimit", window: 60, max: 100 },
    advanced: {
      cookiePrefix: "nexo",
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      database: { generateId: "uuid" },
      ipAddress: { ipAddressHeaders: ["x-forwarded-for", "x-real-ip"] },
    },
    plugins: [twoFactor({ issuer: "Nexo" })],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
