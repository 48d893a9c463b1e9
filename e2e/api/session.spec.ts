import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/test";

async function signIn(request: APIRequestContext, email: string, password: string) {
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  const response = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password, json: "true" },
    maxRedirects: 0,
  });
  // next-auth answers a good password 200 (or a redirect) and a wrong one 401.
  expect([200, 302, 401]).toContain(response.status());
}

test.describe("the panel's session cookie on the API", () => {
  test("reads work with the cookie alone; writes need our own Origin", async ({ request, fixtures, baseURL }) => {
    await signIn(request, fixtures.alice.email, fixtures.alice.password);
    const me = await request.get("/api/v2/me");
    expect(me.status()).toBe(200);
    expect((await me.json()).email).toBe(fixtures.alice.email);

    const foreign = await request.post("/api/v2/subscription/auto-renew", { data: { enabled: true }, headers: { Origin: "https://evil.example" } });
    expect(foreign.status()).toBe(403);
    expect((await foreign.json()).error.code).toBe("forbidden");

    const missing = await request.post("/api/v2/subscription/auto-renew", { data: { enabled: true } });
    expect(missing.status()).toBe(403);

    // The refusals spent none of alice's session budget in the default category (120 a minute).
    expect(missing.headers()["x-ratelimit-limit"]).toBe("120");
    const budget = Number(missing.headers()["x-ratelimit-remaining"]);
    expect(foreign.headers()["x-ratelimit-remaining"]).toBe(String(budget));
    const own = await request.post("/api/v2/subscription/auto-renew", { data: { enabled: true }, headers: { Origin: baseURL! } });
    expect(own.status()).toBe(200);
    expect(own.headers()["x-ratelimit-remaining"]).toBe(String(budget - 1));
  });

  test("an admin's session is refused: the API serves resellers", async ({ request, fixtures, baseURL }) => {
    await signIn(request, fixtures.admin.email, fixtures.admin.password);
    for (const call of [request.get("/api/v2/balance"), request.post("/api/v2/order", { data: { sku: "giftcard-steam-us-10" }, headers: { Origin: baseURL! } })]) {
      const refused = await call;
      expect(refused.status()).toBe(403);
      expect((await refused.json()).error).toMatchObject({ code: "forbidden", message: "The API serves reseller accounts; an admin works in the admin panel." });
    }
  });

  test("the sign-in endpoint refuses the 11th attempt from one IP with 429", async ({ request, fixtures }) => {
    for (let i = 0; i < 10; i++) await signIn(request, fixtures.bob.email, "wrong-password-" + i);
    const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
    const refused = await request.post("/api/auth/callback/credentials", {
      form: { csrfToken, email: fixtures.bob.email, password: fixtures.bob.password, json: "true" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(429);
    const retryAfter = Number(refused.headers()["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    const requestId = refused.headers()["x-request-id"];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const body = await refused.json();
    expect(body.url).toMatch(/\/login\?error=Too\+many/);
    expect(body.error).toEqual({
      code: "rate_limited",
      message: expect.stringMatching(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/),
      retryable: true,
      request_id: requestId,
      details: { retry_after: retryAfter },
    });
  });

  test("a sign-in attempt is counted whatever follows the credentials callback in its path", async ({ request, fixtures }) => {
    const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
    // next-auth reads the action and provider from the first two segments and ignores the rest.
    const paths = Array.from({ length: 10 }, (_, i) => `/api/auth/callback/credentials/${["x", "", "%2e", "credentials", "a/b"][i % 5]}${i}`);
    for (const path of paths) {
      const attempt = await request.post(path, { form: { csrfToken, email: fixtures.kate.email, password: `guess-${path}`, json: "true" }, maxRedirects: 0 });
      expect(attempt.status(), path).toBe(401);
    }
    const refused = await request.post("/api/auth/callback/credentials/again", {
      form: { csrfToken, email: fixtures.kate.email, password: fixtures.kate.password, json: "true" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(429);
    expect((await refused.json()).error.code).toBe("rate_limited");
  });

  test("next-auth's client log endpoint writes nothing to the server's log for whoever posts to it", async ({ request }) => {
    for (const path of ["/api/auth/_log", "/api/auth/_log/x"]) {
      const response = await request.post(path, { data: { level: "error", code: "FORGED]\n[api] 00000000 GET /api/v2/balance: all good", message: "written by anyone" } });
      expect(response.status(), path).toBe(404);
      expect((await response.json()).error.code).toBe("not_found");
    }
  });
});

test.describe("where the sign-in sends the browser", () => {
  test("only to this site: another site's address, or one that does not parse, sends it to the start page", async ({ request, fixtures, baseURL }) => {
    const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
    const signIn = (callbackUrl: string) =>
      request.post("/api/auth/callback/credentials", { form: { csrfToken, email: fixtures.carol.email, password: fixtures.carol.password, callbackUrl, json: "true" }, maxRedirects: 0 });
    for (const callbackUrl of ["https://evil.example/take", `${baseURL}.evil.example/`, "http://[::1", "http://host:99999/"]) {
      const response = await signIn(callbackUrl);
      expect(response.status(), callbackUrl).toBe(200);
      expect((await response.json()).url, callbackUrl).toBe(baseURL);
    }
    const own = await signIn("/orders");
    expect((await own.json()).url).toBe(`${baseURL}/orders`);
  });
});

test.describe("the panel in another site's frame", () => {
  test("every page, signed in or not, forbids framing, so no site can steer a click on Confirm and pay", async ({ request, fixtures }) => {
    const expectUnframeable = async (path: string) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expect(response.headers()["x-frame-options"], path).toBe("DENY");
      // A directive of the page's whole policy (proxy.ts).
      expect(response.headers()["content-security-policy"], path).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
      expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
    };
    for (const path of ["/login", "/register", "/docs"]) await expectUnframeable(path);
    await signIn(request, fixtures.alice.email, fixtures.alice.password);
    for (const path of ["/dashboard", "/catalog/giftcard-steam-us-20", "/orders"]) await expectUnframeable(path);
  });
});
