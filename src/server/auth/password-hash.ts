import { hash, verify } from "@node-rs/argon2";

/** OWASP argon2id parameters: 19 MiB, 2 iterations, 1 lane. */
const ARGON2ID_ALGORITHM = 2; // Algorithm.Argon2id (a const enum, not importable here)
const ARGON2ID = { algorithm: ARGON2ID_ALGORITHM, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
