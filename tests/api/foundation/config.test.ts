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
