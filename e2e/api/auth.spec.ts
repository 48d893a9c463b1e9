import { expect, test } from "../support/test";

const UNKNOWN_KEY = "rk_live_" + "Z".repeat(40);

test.describe("API authentication", () => {
  const cases: { name: string; headers: Record<string, string>; message: RegExp }[] = [
    { name: "no key", headers: {}, message: /X-API-Key/ },
    { name: "a malformed X-API-Key", headers: { "X-API-Key": "not-a-key" }, message: /malformed/ },
    { name: "a malformed Authorization header", headers: { Authorization: "Basic dXNlcjpwYXNz" }, message: /Bearer/ },
    { name: "an unknown key", headers: { "X-API-Key": UNKNOWN_KEY }, message: /unknown or revoked/ },
    { name: "an unknown Bearer key", headers: { Authorization: `Bearer ${UNKNOWN_KEY}` }, message: /unknown or revoked/ },
  ];
  for (const { name, headers, message } of cases) {
    test(`${name} gets 401 unauthenticated`, async ({ request }) => {
      const response = await request.get("/api/v2/me", { headers });
      expect(response.status()).toBe(401);
      const body = await response.json();
      expect(body.error).toMatchObject({ code: "unauthenticated", retryable: false, details: {} });
      expect(body.error.message).toMatch(message);
      expect(body.error.request_id).toBe(response.headers()["x-request-id"]);
      // No caller, so nothing spent: the account-read category's whole budget.
      expect(response.headers()).toMatchObject({ "x-ratelimit-limit": "30", "x-ratelimit-remaining": "30", "x-ratelimit-reset": "0" });
      // HTTP asks a 401 to name the scheme it takes.
      expect(response.headers()["www-authenticate"]).toBe('Bearer realm="api"');
    });
  }

  test("with both headers, X-API-Key is the key and Authorization is left to a gateway in front", async ({ request, fixtures }) => {
    // Kate's key: alice's account reads are budgeted by the other specs.
    const response = await request.get("/api/v2/me", { headers: { "X-API-Key": fixtures.kate.apiKey, Authorization: "Basic Z2F0ZXdheTpzZWNyZXQ=" } });
    expect(response.status()).toBe(200);
    expect((await response.json()).email).toBe(fixtures.kate.email);
  });

  test("a revoked key gets 401", async ({ request, fixtures }) => {
    const response = await request.get("/api/v2/balance", { headers: { "X-API-Key": fixtures.revokedKey } });
    expect(response.status()).toBe(401);
    expect((await response.json()).error.code).toBe("unauthenticated");
  });

  test("both key headers work on both surfaces and answer the same record", async ({ request, fixtures }) => {
    const v2 = await request.get("/api/v2/me", { headers: { "X-API-Key": fixtures.alice.apiKey } });
    const reseller = await request.get("/api/me", { headers: { Authorization: `Bearer ${fixtures.alice.apiKey}` } });
    expect(v2.status()).toBe(200);
    expect(reseller.status()).toBe(200);
    const body = await v2.json();
    expect(body).toEqual(await reseller.json());
    expect(body).toMatchObject({ id: fixtures.alice.id, email: fixtures.alice.email, name: "alice shop", tier: "Bronze" });
    expect(body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Object.keys(body).sort()).toEqual(["created_at", "email", "id", "name", "tier"]);
  });

  test("a key with an IP allowlist is refused from elsewhere with 403 forbidden, spending none of its budget", async ({ request, fixtures }) => {
    const from = (ip: string) => ({ headers: { "X-API-Key": fixtures.allowlistedKey, "X-Forwarded-For": ip } });
    const inside = await request.get("/api/v2/me", from("192.0.2.77"));
    expect(inside.status()).toBe(200);
    const remaining = Number(inside.headers()["x-ratelimit-remaining"]);
    for (let i = 0; i < 3; i++) {
      const outside = await request.get("/api/v2/me", from("203.0.113.5"));
      expect(outside.status()).toBe(403);
      expect((await outside.json()).error.code).toBe("forbidden");
      expect(outside.headers()).toMatchObject({ "x-ratelimit-limit": "30", "x-ratelimit-remaining": String(remaining) });
    }
    const insideAgain = await request.get("/api/v2/me", from("192.0.2.77"));
    expect(insideAgain.headers()["x-ratelimit-remaining"]).toBe(String(remaining - 1));
  });
});
