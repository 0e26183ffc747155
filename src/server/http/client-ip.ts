import { BlockList, isIP } from "node:net";

/**
 * Which proxies in front of the server are trusted to report the client address (TRUST_PROXY):
 * none (the socket is the client), a number of hops, or the proxies' addresses and ranges.
 */
export type TrustProxy = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "addresses"; list: BlockList };

export const NO_PROXY: TrustProxy = { kind: "none" };

const MAX_HOPS = 10;

/**
 * TRUST_PROXY as the operator writes it: `false`/`0`, `true` (one hop, as before), a number of
 * hops, or a comma list of proxy addresses and CIDR ranges. Null when it is none of these.
 */
export function parseTrustProxy(raw: string): TrustProxy | null {
  const value = raw.trim().toLowerCase();
  if (value === "" || value === "false" || value === "0") return NO_PROXY;
  if (value === "true") return { kind: "hops", hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_HOPS ? { kind: "hops", hops } : null;
  }
  const list = new BlockList();
  for (const entry of value.split(",").map((part) => part.trim())) {
    if (!addToList(list, entry)) return null;
  }
  return { kind: "addresses", list };
}

function addToList(list: BlockList, entry: string): boolean {
  const [address, prefixText, extra] = entry.split("/");
  const type = isIP(address);
  if (!type || extra !== undefined) return false;
  const family = type === 4 ? "ipv4" : "ipv6";
  if (prefixText === undefined) {
    list.addAddress(address, family);
    return true;
  }
  const prefix = /^\d+$/.test(prefixText) ? Number(prefixText) : -1;
  if (prefix < 0 || prefix > (type === 4 ? 32 : 128)) return false;
  list.addSubnet(address, prefix, family);
  return true;
}

/** `::ffff:203.0.113.7` (an IPv4 client on a dual-stack socket) is 203.0.113.7. */
function normalize(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? mapped[1] : trimmed;
}

function isTrusted(list: BlockList, address: string): boolean {
  const type = isIP(address);
  return type !== 0 && list.check(address, type === 4 ? "ipv4" : "ipv6");
}

/**
 * The client address: the socket's when no proxy is trusted; otherwise the address the trusted
 * hops saw. X-Forwarded-For is read from the right (each proxy appends the address it received
 * from), so entries a client wrote itself, on the left, are never taken while a trusted hop
 * remains. An in-process request (tests) has no socket: it stands for the first trusted proxy.
 */
export function clientIp(trust: TrustProxy, socket: string | null, forwardedFor: string | undefined): string | null {
  if (trust.kind === "none") return socket && normalize(socket);
  const forwarded = (forwardedFor ?? "")
    .split(",")
    .map(normalize)
    .filter((entry) => entry !== "");
  if (trust.kind === "hops") {
    // chain = [...forwarded, socket]; the socket is hop 1, so `hops` trusted hops reveal forwarded[len - hops].
    if (forwarded.length === 0) return socket && normalize(socket);
    return forwarded[Math.max(0, forwarded.length - trust.hops)];
  }
  if (socket && !isTrusted(trust.list, normalize(socket))) return normalize(socket);
  for (let i = forwarded.length - 1; i >= 0; i--) {
    if (!isTrusted(trust.list, forwarded[i]) || i === 0) return forwarded[i];
  }
  return socket && normalize(socket);
}
