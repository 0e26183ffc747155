import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { INTEGRATION_MESSAGES } from "#domain/schemas/integrations.ts";

/** Where a webhook may never be sent: private, loopback, link-local, unspecified and multicast ranges. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, "ipv6");
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** Whether a webhook may be delivered there: loopback only under the test-only configuration. */
export type AddressPolicy = { allowLoopback: boolean };

export class PrivateAddressError extends Error {
  constructor(readonly address: string) {
    super(`${INTEGRATION_MESSAGES.urlPrivate} (${address})`);
  }
}

type Family = "ipv4" | "ipv6";

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries. */
function normalized(address: string): { address: string; family: Family } {
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped) return { address: mapped[1], family: "ipv4" };
  return { address, family: isIP(address) === 6 ? "ipv6" : "ipv4" };
}

export function isRefusedAddress(address: string, policy: AddressPolicy): boolean {
  const { address: plain, family } = normalized(address);
  if (policy.allowLoopback && LOOPBACK.check(plain, family)) return false;
  return PRIVATE.check(plain, family);
}

/** A URL's host as an address or name (IPv6 literals lose their brackets). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

export type VettedAddress = { address: string; family: 4 | 6 };

/**
 * The address to connect to for `host`: the literal itself, or what DNS answers, every answer
 * checked (a name with one private answer is refused, whichever the connection would pick).
 */
export async function resolvePublicAddress(host: string, policy: AddressPolicy): Promise<VettedAddress> {
  const answers = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true, verbatim: true });
  const refused = answers.find((answer) => isRefusedAddress(answer.address, policy));
  if (refused) throw new PrivateAddressError(refused.address);
  const [first] = answers;
  if (!first) throw new Error(`sem endereço para ${host}`);
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
