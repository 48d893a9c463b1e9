import { describe, expect, it } from "vitest";
import { blockedAddressReason, isBlockedAddress, parseIpv6 } from "./blocked-addresses";

describe("blockedAddressReason", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "metadata"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.254", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["198.18.0.1", "benchmarking"],
    ["192.0.2.10", "documentation"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "IPv4-mapped"],
    ["::ffff:7f00:1", "IPv4-mapped"],
    ["::ffff:a9fe:a9fe", "metadata"],
    ["::127.0.0.1", "IPv4-compatible"],
    ["64:ff9b::10.0.0.1", "NAT64"],
    ["2002:7f00:1::", "6to4"],
    ["fd00::1", "unique local"],
    ["fd00:ec2::254", "unique local"],
    ["fc00::1", "unique local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["fec0::1", "site-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
    ["100::1", "outside 2000::/3"],
    ["[::1]", "loopback"],
  ])("refuses %s (%s)", (address, why) => {
    const reason = blockedAddressReason(address);
    expect(reason).not.toBeNull();
    expect(reason).toContain(why);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "1.1.1.1",
    "100.63.255.255",
    "100.128.0.0",
    "172.32.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::8.8.8.8",
  ])("lets the public address %s through", (address) => {
    expect(blockedAddressReason(address)).toBeNull();
    expect(isBlockedAddress(address)).toBe(false);
  });

  it("refuses what is not an address at all", () => {
    expect(blockedAddressReason("example.com")).toBe("not an IP address");
  });
});

describe("parseIpv6", () => {
  it("expands compressed forms and a trailing dotted quad", () => {
    expect(parseIpv6("::1")).toEqual([...Array(15).fill(0), 1]);
    expect(parseIpv6("::ffff:1.2.3.4")).toEqual([...Array(10).fill(0), 0xff, 0xff, 1, 2, 3, 4]);
    expect(parseIpv6("2001:db8::8:800:200c:417a")).toEqual([0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 8, 8, 0, 0x20, 0x0c, 0x41, 0x7a]);
  });

  it("rejects malformed input", () => {
    for (const bad of ["1::2::3", "12345::", "1:2:3:4:5:6:7:8:9", "::g", "1:2:3:4:5:6:7"]) expect(parseIpv6(bad), bad).toBeNull();
  });
});
