import { expect, test } from "../support/test";

test("the 31st account read in a minute is 429 with Retry-After while another category still answers", async ({ request, fixtures }) => {
  const headers = { "X-API-Key": fixtures.rateLimitKey };
  for (let i = 1; i <= 30; i++) {
    const response = await request.get(i % 2 ? "/api/v2/balance" : "/api/me", { headers });
    expect(response.status(), `read ${i}`).toBe(200);
    expect(response.headers()["x-ratelimit-remaining"]).toBe(String(30 - i));
  }
  const refused = await request.get("/api/v2/transactions", { headers });
  expect(refused.status()).toBe(429);
  const retryAfter = Number(refused.headers()["retry-after"]);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(refused.headers()["x-ratelimit-remaining"]).toBe("0");
  expect((await refused.json()).error).toMatchObject({ code: "rate_limited", retryable: true });

  const otherCategory = await request.post("/api/v2/subscription/auto-renew", { headers, data: { enabled: true } });
  expect(otherCategory.status()).toBe(200);
  expect(otherCategory.headers()["x-ratelimit-limit"]).toBe("120");

  const otherKey = await request.get("/api/v2/balance", { headers: { "X-API-Key": fixtures.bob.apiKey } });
  expect(otherKey.status()).toBe(200);
});
