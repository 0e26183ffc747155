import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhook } from "./sign-webhook.ts";

describe("signWebhook", () => {
  it("is the hex HMAC-SHA256 of '<timestamp>.<body>' with the secret, as the README tells receivers", () => {
    const body = '{"event":"deal.won"}';
    const expected = createHmac("sha256", "whsec_teste").update(`1764244800.${body}`).digest("hex");
    expect(signWebhook("whsec_teste", 1764244800, body)).toBe(`v1=${expected}`);
  });

  it("changes with the timestamp (an old signature does not fit a new time)", () => {
    expect(signWebhook("s", 1, "{}")).not.toBe(signWebhook("s", 2, "{}"));
  });
});
