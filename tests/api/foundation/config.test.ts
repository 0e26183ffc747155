import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";
import { DataDirLockedError, lockDataDir } from "#server/db/data-dir-lock.ts";

describe("configuration", () => {
  it("refuses a bad value with one line naming the variable", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "abc" })).toThrow(
      'Configuração inválida: PORT="abc" — deve ser um número inteiro entre 1 e 65535',
    );
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "0" })).toThrow(
      'Configuração inválida: DATABASE_POOL_SIZE="0" — deve ser um número inteiro entre 1 e 1000',
    );
  });

  it("sizes the PostgreSQL pool from DATABASE_POOL_SIZE, else two connections per CPU and at least 4", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "nexo-cfg-"));
    expect(loadConfig({ DATA_DIR: dir, DATABASE_POOL_SIZE: "7" }).databasePoolSize).toBe(7);
    expect(loadConfig({ DATA_DIR: dir }).databasePoolSize).toBe(Math.max(4, 2 * availableParallelism()));
  });

  it("reads the request limits: on outside tests, each count from its variable, a bad count refused", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "nexo-cfg-"));
    const defaults = loadConfig({ DATA_DIR: dir });
    expect(defaults.rateLimits).toBe(true);
    expect(defaults.requestLimits).toEqual({
      perSession: { windowMs: 60_000, max: 300 },
      perIp: { windowMs: 60_000, max: 1200 },
      tight: { windowMs: 15 * 60_000, max: 20 },
      flushMs: 1000,
    });
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: "test" }).rateLimits).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: "test", RATE_LIMITS: "on" }).rateLimits).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, RATE_LIMITS: "off" }).rateLimits).toBe(false);
    const tuned = loadConfig({ DATA_DIR: dir, RATE_LIMIT_IP_PER_MINUTE: "5000", RATE_LIMIT_TIGHT_PER_15_MINUTES: "3" });
    expect(tuned.requestLimits.perIp.max).toBe(5000);
    expect(tuned.requestLimits.tight.max).toBe(3);
    expect(defaults.credentialFloodLimits).toEqual({ signInPerMinute: 30, signUpPerMinute: 20 });
    const flood = loadConfig({ DATA_DIR: dir, RATE_LIMIT_SIGN_IN_PER_MINUTE: "7", RATE_LIMIT_SIGN_UP_PER_MINUTE: "9" });
    expect(flood.credentialFloodLimits).toEqual({ signInPerMinute: 7, signUpPerMinute: 9 });
    expect(() => loadConfig({ DATA_DIR: dir, RATE_LIMIT_SESSION_PER_MINUTE: "0" })).toThrow(
      'Configuração inválida: RATE_LIMIT_SESSION_PER_MINUTE="0" — deve ser um número inteiro entre 1 e 1000000',
    );
    expect(() => loadConfig({ DATA_DIR: dir, RATE_LIMITS: "talvez" })).toThrow(/RATE_LIMITS/);
    expect(loadConfig({ DATA_DIR: dir, RATE_LIMIT_FLUSH_MS: "0" }).requestLimits.flushMs).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dir, RATE_LIMIT_FLUSH_MS: "-1" })).toThrow(
      'Configuração inválida: RATE_LIMIT_FLUSH_MS="-1" — deve ser um número inteiro de 0 a 60000',
    );
  });

  it("generates AUTH_SECRET once into DATA_DIR and reuses it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "nexo-cfg-"));
    const first = loadConfig({ DATA_DIR: dir });
    expect(existsSync(path.join(dir, "auth-secret"))).toBe(true);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first.authSecret);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
  });
});

describe("data dir lock", () => {
  it("refuses a second holder while the first runs, and frees on release", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "nexo-lock-"));
    writeFileSync(path.join(dir, ".lock"), String(process.ppid)); // a live process that is not us
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    writeFileSync(path.join(dir, ".lock"), "999999999"); // a dead process: stale lock
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, ".lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, ".lock"))).toBe(false);
  });
});
