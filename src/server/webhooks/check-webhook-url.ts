import { INTEGRATION_MESSAGES } from "#domain/schemas/integrations.ts";
import { AppError } from "../http/errors.ts";
import { type AddressPolicy, hostOf, PrivateAddressError, resolvePublicAddress } from "./safe-address.ts";

/**
 * A URL a webhook may be registered at: https (http only for the test-only loopback receiver),
 * no credentials in it, and a host that is not, and does not resolve to, a private address.
 * A name DNS cannot answer now is accepted: each delivery resolves and checks it again.
 */
export async function checkWebhookUrl(raw: string, policy: AddressPolicy): Promise<void> {
  const url = new URL(raw);
  const isAllowedProtocol = url.protocol === "https:" || (policy.allowLoopback && url.protocol === "http:");
  if (!isAllowedProtocol || url.username || url.password) {
    throw new AppError("validation_failed", INTEGRATION_MESSAGES.urlInvalid, { field: "url" });
  }
  try {
    await resolvePublicAddress(hostOf(url), policy);
  } catch (error) {
    if (error instanceof PrivateAddressError) {
      throw new AppError("validation_failed", INTEGRATION_MESSAGES.urlPrivate, { field: "url" });
    }
  }
}
