import { createHash, randomBytes } from "node:crypto";

/** A reset token: 32 random bytes for the link; only its SHA-256 is stored. */
export function newResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashResetToken(token) };
}

export function hashResetToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
