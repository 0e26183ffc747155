import { createHmac, randomBytes } from "node:crypto";

/** A new signing secret (shown once to the manager, kept to sign every delivery). */
export const generateWebhookSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;

/**
 * The X-Nexo-Signature value: `v1=` and the hex HMAC-SHA256, keyed by the webhook's secret, of
 * `<X-Nexo-Timestamp>.<body>`; signing the timestamp too lets a receiver refuse old replays.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}
