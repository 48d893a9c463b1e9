import { describe, expect, it } from "vitest";
import { dropUntrustedForwarding } from "./forwarded-headers";

describe("forwarding headers", () => {
  it("are dropped when no proxy is trusted, so a client cannot name the host or scheme", () => {
    const headers = { host: "panel.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    dropUntrustedForwarding(headers, false);
    expect(headers).toEqual({ host: "panel.example" });
  });

  it("are kept behind a trusted proxy, which sets them", () => {
    const headers = { host: "10.0.0.5:3000", "x-forwarded-host": "panel.example", "x-forwarded-proto": "https" };
    dropUntrustedForwarding(headers, true);
    expect(headers).toEqual({ host: "10.0.0.5:3000", "x-forwarded-host": "panel.example", "x-forwarded-proto": "https" });
  });
});
