import { describe, expect, it } from "vitest";
import { isRefusedAddress, PrivateAddressError, resolvePublicAddress } from "./safe-address.ts";

const DEFAULT = { allowLoopback: false };

describe("isRefusedAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "0.0.0.0",
    "100.64.0.1",
    "::1",
    "::",
    "fc00::1",
    "fdff::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:10.1.2.3",
  ])("refuses %s", (address) => {
    expect(isRefusedAddress(address, DEFAULT)).toBe(true);
  });

  it.each(["8.8.8.8", "172.32.0.1", "172.15.255.255", "192.169.0.1", "2606:4700::1111", "::ffff:1.1.1.1"])(
    "accepts the public address %s",
    (address) => {
      expect(isRefusedAddress(address, DEFAULT)).toBe(false);
    },
  );

  it("lets only loopback through under the test-only policy", () => {
    const tests = { allowLoopback: true };
    expect(isRefusedAddress("127.0.0.1", tests)).toBe(false);
    expect(isRefusedAddress("::1", tests)).toBe(false);
    expect(isRefusedAddress("10.0.0.1", tests)).toBe(true);
    expect(isRefusedAddress("169.254.169.254", tests)).toBe(true);
  });
});

describe("resolvePublicAddress", () => {
  it("refuses a name that resolves to loopback", async () => {
    await expect(resolvePublicAddress("localhost", DEFAULT)).rejects.toBeInstanceOf(PrivateAddressError);
  });

  it("returns a public literal as it is", async () => {
    await expect(resolvePublicAddress("203.0.113.5", DEFAULT)).resolves.toEqual({ address: "203.0.113.5", family: 4 });
  });
});
