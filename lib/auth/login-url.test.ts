import { describe, expect, it } from "vitest";
import { loginUrl } from "./login-url";

describe("the login page's address", () => {
  it("is at the origin the client used, never the address the server binds to", () => {
    expect(loginUrl(new Headers({ host: "127.0.0.1:4187" }), "Too many sign-in attempts.")).toBe(
      "http://127.0.0.1:4187/login?error=Too+many+sign-in+attempts.",
    );
    expect(loginUrl(new Headers({ host: "0.0.0.0:4187", "x-forwarded-host": "panel.example", "x-forwarded-proto": "https" }))).toBe(
      "https://panel.example/login",
    );
  });

  it("is relative for a request that named no host", () => {
    expect(loginUrl(new Headers(), "CredentialsSignin")).toBe("/login?error=CredentialsSignin");
  });
});
