import { describe, expect, it } from "vitest";
import { nextAuthAnswer } from "./next-auth-actions";

describe("what the next-auth route does with a call", () => {
  it("passes the CSRF token, the providers and the session to next-auth, the session only while it stands", () => {
    expect(nextAuthAnswer("GET", ["csrf"])).toEqual({ use: "next-auth" });
    expect(nextAuthAnswer("GET", ["providers"])).toEqual({ use: "next-auth" });
    expect(nextAuthAnswer("HEAD", ["session"])).toEqual({ use: "session" });
    expect(nextAuthAnswer("GET", ["session", "x", "y"])).toEqual({ use: "session" });
  });

  it("counts a credentials sign-in whatever follows in the path, and ends the session on sign-out", () => {
    expect(nextAuthAnswer("POST", ["callback", "credentials", "x"])).toEqual({ use: "sign-in" });
    expect(nextAuthAnswer("POST", ["signout"])).toEqual({ use: "sign-out" });
  });

  it("sends the browser to the panel's login page where next-auth would show its sign-in or error page", () => {
    expect(nextAuthAnswer("GET", ["signin"])).toEqual({ use: "login-page" });
    expect(nextAuthAnswer("GET", ["error"])).toEqual({ use: "login-page" });
  });

  it("refuses next-auth's other pages and endpoints as unknown, and a known one's other method with what it takes", () => {
    for (const segments of [["verify-request"], ["_log"], ["callback", "github"], ["__proto__"], ["constructor"], []]) {
      expect(nextAuthAnswer("GET", segments), segments.join("/")).toEqual({ refuse: "not_found" });
    }
    expect(nextAuthAnswer("GET", ["signout"])).toEqual({ refuse: "method_not_allowed", allow: "POST" });
    expect(nextAuthAnswer("GET", ["callback", "credentials"])).toEqual({ refuse: "method_not_allowed", allow: "POST" });
    expect(nextAuthAnswer("POST", ["session"])).toEqual({ refuse: "method_not_allowed", allow: "GET" });
    expect(nextAuthAnswer("POST", ["signin", "credentials"])).toEqual({ refuse: "method_not_allowed", allow: "GET" });
    expect(nextAuthAnswer("GET", ["csrf", "toString"])).toEqual({ use: "next-auth" });
    expect(nextAuthAnswer("toString", ["csrf"])).toEqual({ refuse: "method_not_allowed", allow: "GET" });
  });
});
