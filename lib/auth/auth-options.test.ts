import { afterEach, describe, expect, it, vi } from "vitest";
import { authOptions } from "./auth-options";
import { captureLog } from "@/lib/observability/testing/capture-log";

describe("authOptions().logger", () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs a session cookie that does not decrypt as one warning line, without its stack", () => {
    const log = captureLog();
    authOptions().logger!.error!("JWT_SESSION_ERROR", Object.assign(new Error("Invalid Compact JWE"), { stack: "at decode (jwt.js:1:1)" }));
    log.restore();
    expect(log.lines()).toEqual([
      expect.objectContaining({ level: 40, component: "auth", msg: expect.stringMatching(/^refused a session cookie that does not decrypt/) }),
    ]);
    expect(log.text()).not.toContain("jwt.js");
  });

  it("logs any other error with what next-auth gave", () => {
    const log = captureLog();
    authOptions().logger!.error!("SIGNIN_OAUTH_ERROR", new Error("adapter down"));
    log.restore();
    expect(log.lines()).toEqual([
      expect.objectContaining({ level: 50, component: "auth", code: "SIGNIN_OAUTH_ERROR", err: expect.objectContaining({ message: "adapter down" }) }),
    ]);
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
