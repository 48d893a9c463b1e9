import { afterEach, describe, expect, it, vi } from "vitest";
import { authOptions } from "./auth-options";

describe("authOptions().logger", () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs a session cookie that does not decrypt as one line, without its stack", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    authOptions().logger!.error!("JWT_SESSION_ERROR", Object.assign(new Error("Invalid Compact JWE"), { stack: "at decode (jwt.js:1:1)" }));
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]).toEqual([expect.stringMatching(/^\[auth\] refused a session cookie that does not decrypt/)]);
  });

  it("logs any other error with what next-auth gave", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const cause = new Error("adapter down");
    authOptions().logger!.error!("SIGNIN_OAUTH_ERROR", cause);
    expect(error).toHaveBeenCalledWith("[next-auth][error][SIGNIN_OAUTH_ERROR]", cause);
  });
});

describe("authOptions().callbacks.redirect", () => {
  const baseUrl = "https://panel.example";
  const redirect = (url: string) => authOptions().callbacks!.redirect!({ url, baseUrl });

  it("keeps this site's addresses and sends any other home, one that does not parse included", async () => {
    expect(await redirect("/orders")).toBe("https://panel.example/orders");
    expect(await redirect("https://panel.example/balance")).toBe("https://panel.example/balance");
    for (const url of ["https://evil.example/", "https://panel.example.evil.example/", "https://panel.example:99999/", "http://[::1", "javascript:alert(1)"]) {
      expect(await redirect(url), url).toBe(baseUrl);
    }
  });
});

describe("authOptions().callbacks.jwt", () => {
  it("dates a new session from when authorize began, not from when its token is made", async () => {
    const user = { id: "user-1", email: "a@test.dev", name: "A", role: "reseller" as const, issuedAt: 1_000 };
    const token = await authOptions().callbacks!.jwt!({ token: {}, user, account: null, trigger: "signIn" });
    expect(token.issuedAt).toBe(1_000);
  });
});
