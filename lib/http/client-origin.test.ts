import { describe, expect, it } from "vitest";
import { clientOrigin, isClientOrigin } from "./client-origin";

const headersOf = (entries: Record<string, string>) => new Headers(entries);

describe("the origin the client used", () => {
  it("is the Host header over http when nothing was forwarded", () => {
    expect(clientOrigin(headersOf({ host: "127.0.0.1:4187" }))).toBe("http://127.0.0.1:4187");
  });

  it("is what a trusted proxy forwarded: its host and scheme, the first of each when proxies chained", () => {
    const headers = headersOf({ host: "0.0.0.0:4187", "x-forwarded-host": "panel.example, edge.internal", "x-forwarded-proto": "HTTPS, http" });
    expect(clientOrigin(headers)).toBe("https://panel.example");
  });

  it("drops a scheme's default port, as a browser's Origin does", () => {
    expect(clientOrigin(headersOf({ host: "panel.example:443", "x-forwarded-proto": "https" }))).toBe("https://panel.example");
  });

  it("is none without a host, or for a host with a path or credentials in it", () => {
    expect(clientOrigin(headersOf({}))).toBeNull();
    for (const host of ["panel.example/evil", "user@panel.example", "panel.example?x", "pan el.example"]) {
      expect(clientOrigin(headersOf({ host })), host).toBeNull();
    }
  });
});

describe("an Origin header compared with the client's origin", () => {
  const direct = headersOf({ host: "panel.example:4187" });
  const proxied = headersOf({ host: "10.0.0.5:4187", "x-forwarded-host": "panel.example", "x-forwarded-proto": "https" });

  it("matches when scheme, host and port are the same", () => {
    expect(isClientOrigin("http://panel.example:4187", direct)).toBe(true);
    expect(isClientOrigin("https://panel.example", proxied)).toBe(true);
    expect(isClientOrigin("https://PANEL.example:443", proxied)).toBe(true);
  });

  it("refuses another port of the same host", () => {
    expect(isClientOrigin("http://panel.example:8080", direct)).toBe(false);
    expect(isClientOrigin("https://panel.example:8443", proxied)).toBe(false);
  });

  it("refuses the other scheme of the same host and port", () => {
    expect(isClientOrigin("https://panel.example:4187", direct)).toBe(false);
    expect(isClientOrigin("http://panel.example", proxied)).toBe(false);
  });

  it("refuses another host, an Origin of null or none, and a request that named no host", () => {
    expect(isClientOrigin("https://evil.example", proxied)).toBe(false);
    expect(isClientOrigin("null", direct)).toBe(false);
    expect(isClientOrigin(null, direct)).toBe(false);
    expect(isClientOrigin("http://panel.example:4187", headersOf({}))).toBe(false);
  });
});
