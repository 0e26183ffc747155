import { describe, expect, it } from "vitest";
import { clientIp, parseTrustProxy } from "./client-ip.ts";

const trust = (raw: string) => {
  const parsed = parseTrustProxy(raw);
  if (!parsed) throw new Error(`not accepted: ${raw}`);
  return parsed;
};

describe("TRUST_PROXY", () => {
  it("accepts false, true, a number of hops and a list of addresses or ranges; refuses anything else", () => {
    expect(trust("false")).toEqual({ kind: "none" });
    expect(trust("0")).toEqual({ kind: "none" });
    expect(trust("true")).toEqual({ kind: "hops", hops: 1 });
    expect(trust("1")).toEqual({ kind: "hops", hops: 1 });
    expect(trust("2")).toEqual({ kind: "hops", hops: 2 });
    expect(trust("10.0.0.0/8, 192.0.2.1, ::1").kind).toBe("addresses");
    for (const bad of ["yes", "11", "10.0.0.0/33", "10.0.0.0/8/1", "proxy.local", "10.0.0.1,"]) {
      expect(parseTrustProxy(bad), bad).toBeNull();
    }
  });

  it("without a trusted proxy the socket is the client, whatever X-Forwarded-For says", () => {
    expect(clientIp(trust("false"), "198.51.100.7", "1.2.3.4")).toBe("198.51.100.7");
  });

  it("with one hop the entry the proxy appended is the client, never one the client wrote", () => {
    expect(clientIp(trust("true"), "10.0.0.2", "1.2.3.4, 198.51.100.7")).toBe("198.51.100.7");
    expect(clientIp(trust("1"), "10.0.0.2", "198.51.100.7")).toBe("198.51.100.7");
    expect(clientIp(trust("1"), null, "203.0.113.10")).toBe("203.0.113.10");
    expect(clientIp(trust("1"), "10.0.0.2", undefined)).toBe("10.0.0.2");
  });

  it("with two hops the address the outer proxy saw", () => {
    expect(clientIp(trust("2"), "10.0.0.2", "1.2.3.4, 198.51.100.7, 10.0.0.9")).toBe("198.51.100.7");
    expect(clientIp(trust("2"), "10.0.0.2", "198.51.100.7")).toBe("198.51.100.7");
  });

  it("with a list, the rightmost address that is not a declared proxy", () => {
    const list = trust("10.0.0.0/8, 2001:db8::/32");
    expect(clientIp(list, "10.0.0.2", "1.2.3.4, 198.51.100.7, 10.1.1.1")).toBe("198.51.100.7");
    expect(clientIp(list, "::ffff:10.0.0.2", "198.51.100.7")).toBe("198.51.100.7");
    expect(clientIp(list, "2001:db8::5", "2001:db8::7, 198.51.100.9")).toBe("198.51.100.9");
    // a socket that is no declared proxy is the client itself: its header is the client's own text
    expect(clientIp(list, "198.51.100.50", "1.2.3.4")).toBe("198.51.100.50");
  });
});
