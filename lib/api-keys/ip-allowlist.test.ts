import { describe, expect, it } from "vitest";
import { ipAllowed, parseAllowlistEntry } from "./ip-allowlist";

describe("API key IP allowlist", () => {
  it("allows every address when the list is empty", () => {
    expect(ipAllowed([], "203.0.113.9")).toBe(true);
  });

  it.each([
    [["203.0.113.9"], "203.0.113.9", true],
    [["203.0.113.9"], "203.0.113.10", false],
    [["203.0.113.0/24"], "203.0.113.200", true],
    [["203.0.113.0/24"], "203.0.114.1", false],
    [["203.0.113.0/24"], "::ffff:203.0.113.7", true],
    [["2001:db8::/32"], "2001:db8:1::5", true],
    [["2001:db8::/32"], "2001:db9::5", false],
    [["10.0.0.1", "2001:db8::1"], "2001:db8::1", true],
    [["10.0.0.1"], "not-an-ip", false],
  ])("%j admits %s: %s", (list, ip, expected) => {
    expect(ipAllowed(list, ip)).toBe(expected);
  });

  it.each(["10.0.0.1/33", "10.0.0/24", "host.example", "10.0.0.1/8/1", "::1/129", "1.2.3.4/x", "fe80::1%eth0", "fe80::%1/64"])(
    "rejects the entry %j",
    (entry) => {
      expect(parseAllowlistEntry(entry)).toBeNull();
    },
  );
});
