import { describe, expect, it } from "vitest";
import { resolveClientIp } from "./client-ip";

describe("client IP", () => {
  it("ignores X-Forwarded-For unless the operator trusts a proxy", () => {
    expect(resolveClientIp("198.51.100.7", "203.0.113.1", false)).toBe("198.51.100.7");
  });

  it("takes the rightmost X-Forwarded-For entry behind a trusted proxy, so a forged left part buys nothing", () => {
    expect(resolveClientIp("10.0.0.2", "1.1.1.1, 2.2.2.2, 203.0.113.9", true)).toBe("203.0.113.9");
    expect(resolveClientIp("10.0.0.2", ["1.1.1.1", "203.0.113.9"], true)).toBe("203.0.113.9");
  });

  it("falls back to the socket address when the header is missing or empty", () => {
    expect(resolveClientIp("10.0.0.2", undefined, true)).toBe("10.0.0.2");
    expect(resolveClientIp("10.0.0.2", " , ", true)).toBe("10.0.0.2");
  });

  it("falls back to the socket address when the proxy's entry is not an IP address", () => {
    expect(resolveClientIp("10.0.0.2", "203.0.113.9, 😀", true)).toBe("10.0.0.2");
    expect(resolveClientIp("10.0.0.2", "1".repeat(8000), true)).toBe("10.0.0.2");
    expect(resolveClientIp("10.0.0.2", "2001:db8::7", true)).toBe("2001:db8::7");
  });

  it("unwraps IPv4-mapped IPv6 socket addresses", () => {
    expect(resolveClientIp("::ffff:127.0.0.1", undefined, false)).toBe("127.0.0.1");
  });
});
