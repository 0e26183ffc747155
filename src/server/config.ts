import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { NO_PROXY, parseTrustProxy, type TrustProxy } from "./http/client-ip.ts";
import type { RequestLimits } from "./rate-limit/request-limits.ts";

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}:`)), {
      message: `deve começar com ${protocols.map((p) => `${p}://`).join(" ou ")}`,
    });

const requestsPerWindow = (fallback: number) =>
  z.coerce
    .number({ error: "deve ser um número inteiro entre 1 e 1000000" })
    .int("deve ser um número inteiro entre 1 e 1000000")
    .min(1, "deve ser um número inteiro entre 1 e 1000000")
    .max(1_000_000, "deve ser um número inteiro entre 1 e 1000000")
    .default(fallback);

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: "deve ser um número inteiro entre 1 e 65535" })
    .int("deve ser um número inteiro entre 1 e 65535")
    .min(1, "deve ser um número inteiro entre 1 e 65535")
    .max(65535, "deve ser um número inteiro entre 1 e 65535")
    .default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalUrl(["postgres", "postgresql"]),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: "deve ser um número inteiro entre 1 e 1000" })
    .int("deve ser um número inteiro entre 1 e 1000")
    .min(1, "deve ser um número inteiro entre 1 e 1000")
    .max(1000, "deve ser um número inteiro entre 1 e 1000")
    .optional(),
  AUTH_SECRET: z
    .string()
    .optional()
    .refine((v) => v === undefined || v.length >= 32, { message: "deve ter pelo menos 32 caracteres" }),
  SMTP_URL: optionalUrl(["smtp", "smtps"]),
  PUBLIC_URL: optionalUrl(["http", "https"]),
  TRUST_PROXY: z
    .string()
    .default("false")
    .refine((v) => parseTrustProxy(v) !== null, {
      message: "deve ser false, true, um número de saltos (1 a 10) ou uma lista de IPs/CIDRs dos proxies",
    }),
  RATE_LIMITS: z.enum(["on", "off"], { error: "deve ser on ou off" }).optional(),
  RATE_LIMIT_SESSION_PER_MINUTE: requestsPerWindow(300),
  RATE_LIMIT_IP_PER_MINUTE: requestsPerWindow(1200),
  RATE_LIMIT_TIGHT_PER_15_MINUTES: requestsPerWindow(20),
  RATE_LIMIT_SIGN_IN_PER_MINUTE: requestsPerWindow(30),
  RATE_LIMIT_SIGN_UP_PER_MINUTE: requestsPerWindow(20),
  RATE_LIMIT_FLUSH_MS: z.coerce
    .number({ error: "deve ser um número inteiro de 0 a 60000" })
    .int("deve ser um número inteiro de 0 a 60000")
    .min(0, "deve ser um número inteiro de 0 a 60000")
    .max(60_000, "deve ser um número inteiro de 0 a 60000")
    .default(1000),
  WEB_DIST: z.string().min(1).default("dist/web"),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "deve ser fatal, error, warn, info, debug, trace ou silent",
    })
    .default("info"),
  NODE_ENV: z
    .enum(["development", "production", "test"], { error: "deve ser development, production ou test" })
    .default("production"),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections to a PostgreSQL server (DATABASE_URL) this process keeps at most. */
  databasePoolSize: number;
  authSecret: string;
  smtpUrl: string | undefined;
  publicUrl: string;
  /** Origins whose browsers may change data: the public URL (plus Vite's dev server in development). */
  allowedOrigins: string[];
  /** Which proxies may report the client IP in X-Forwarded-For (http/client-ip.ts). */
  trustProxy: TrustProxy;
  /** The built web app this server serves. */
  webDist: string;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  isProduction: boolean;
  isTest: boolean;
  /**
   * Request limits counted in the database (RATE_LIMITS; off under test, like better-auth's,
   * and tests of the limits turn them on).
   */
  rateLimits: boolean;
  /** How many requests each session, each IP and each route limited tightly may make (rate-limit/). */
  requestLimits: RequestLimits;
  /**
   * better-auth's flood guard on e-mail sign-in and sign-up, per IP (auth/auth.ts). Its count
   * starts afresh only after a whole minute without a request from that IP.
   */
  credentialFloodLimits: { signInPerMinute: number; signUpPerMinute: number };
  /**
   * Test-only: webhooks may be registered at and delivered to http://127.0.0.1 / [::1] (a receiver
   * the test starts). No environment variable sets it; only a test's own config does.
   */
  webhookLoopbackForTests: boolean;
};

const MINUTE_MS = 60_000;
const VITE_DEV_ORIGIN = "http://localhost:5173";

export class ConfigError extends Error {}

/** Reads and validates the environment; the only place that touches process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0]);
    throw new ConfigError(`Configuração inválida: ${name}=${JSON.stringify(env[name] ?? "")} — ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? defaultPoolSize(),
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    publicUrl,
    allowedOrigins: [new URL(publicUrl).origin, ...(e.NODE_ENV === "development" ? [VITE_DEV_ORIGIN] : [])],
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? NO_PROXY,
    webDist: path.resolve(e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
    isProduction: e.NODE_ENV === "production",
    isTest: e.NODE_ENV === "test",
    rateLimits: (e.RATE_LIMITS ?? (e.NODE_ENV === "test" ? "off" : "on")) === "on",
    requestLimits: {
      perSession: { windowMs: MINUTE_MS, max: e.RATE_LIMIT_SESSION_PER_MINUTE },
      perIp: { windowMs: MINUTE_MS, max: e.RATE_LIMIT_IP_PER_MINUTE },
      tight: { windowMs: 15 * MINUTE_MS, max: e.RATE_LIMIT_TIGHT_PER_15_MINUTES },
      flushMs: e.RATE_LIMIT_FLUSH_MS,
    },
    credentialFloodLimits: {
      signInPerMinute: e.RATE_LIMIT_SIGN_IN_PER_MINUTE,
      signUpPerMinute: e.RATE_LIMIT_SIGN_UP_PER_MINUTE,
    },
    webhookLoopbackForTests: false,
  };
}

/**
 * Two connections per CPU, at least 4: on the bench's 2 CPUs, 4 connections served the tenant
 * list with ~15% less CPU per request than 10 (fewer database processes taking turns).
 */
export function defaultPoolSize(): number {
  return Math.max(4, 2 * os.availableParallelism());
}

/** AUTH_SECRET is generated once and kept in DATA_DIR so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  return secret;
}
