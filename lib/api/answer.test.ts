import { describe, expect, it } from "vitest";
import { hiddenClassChanges } from "@/lib/server/testing/hidden-class";
import { answerHeaders } from "./answer";

describe("answerHeaders", () => {
  it("takes the parts in order, later ones winning, and always ends with the request id, no-store and nosniff", () => {
    const headers = answerHeaders(
      "req-1",
      { "X-RateLimit-Limit": "60", Location: "/a" },
      { Location: "/b", "Cache-Control": "max-age=60", "X-Request-Id": "forged" },
    );
    expect(headers).toEqual({
      "X-RateLimit-Limit": "60",
      Location: "/b",
      "Cache-Control": "no-store",
      "X-Request-Id": "req-1",
      "X-Content-Type-Options": "nosniff",
    });
  });

  it("gives every answer's headers the same hidden class, so that a call leaves no old-generation garbage", () => {
    const limit = (i: number) => ({ "X-RateLimit-Limit": "60", "X-RateLimit-Remaining": String(i), "X-RateLimit-Reset": "0" });
    expect(hiddenClassChanges((i) => answerHeaders(`req-${i}`, limit(i), {}))).toBe(0);
  });
});
