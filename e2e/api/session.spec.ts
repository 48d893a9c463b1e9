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

/** The session cookie the context holds, as a header someone who copied it would send. */
async function copiedSessionCookie(request: APIRequestContext): Promise<string> {
  const session = (await request.storageState()).cookies.filter(({ name }) => name.includes("next-auth.session-token"));
  expect(session).not.toHaveLength(0);
  return session.map(({ name, value }) => `${name}=${value}`).join("; ");
}

async function expectSessionStands(request: APIRequestContext, cookie: string, email: string) {
  const me = await request.get("/api/v2/me", { headers: { cookie } });
  expect(me.status()).toBe(200);
  expect((await me.json()).email).toBe(email);
}

/** The copy reads nothing: not the API, not a page, not even next-auth's description of the session. */
async function expectSessionEnded(request: APIRequestContext, cookie: string) {
  const me = await request.get("/api/v2/me", { headers: { cookie } });
  expect(me.status()).toBe(401);
  expect((await me.json()).error.code).toBe("unauthenticated");
  const orders = await request.get("/orders", { headers: { cookie }, maxRedirects: 0 });
  expect([303, 307]).toContain(orders.status());
  expect(orders.headers().location).toMatch(/\/login$/);
  expect(await (await request.get("/api/auth/session", { headers: { cookie } })).json()).toEqual({});
}

const CLEARED_SESSION_COOKIE = /next-auth\.session-token=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i;

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

  test("a write with the cookie is ours only from our own origin: scheme, host and port alike", async ({ request, fixtures, baseURL }) => {
    await signIn(request, fixtures.alice.email, fixtures.alice.password);
    const write = (headers: Record<string, string>) => request.post("/api/v2/subscription/auto-renew", { data: { enabled: true }, headers });
    const own = new URL(baseURL!);
    // The same host and port over https, and another port of the same host: other origins, from which
    // SameSite=Lax still sends the cookie.
    for (const origin of [`https://${own.host}`, `${own.protocol}//${own.hostname}:${Number(own.port) + 1}`]) {
      const response = await write({ Origin: origin });
      expect(response.status(), origin).toBe(403);
      expect((await response.json()).error.code, origin).toBe("forbidden");
    }
    expect((await write({ Origin: baseURL! })).status()).toBe(200);
  });

  test("behind the proxy, a write with the cookie is ours only from the origin the proxy says the client used", async ({ request, fixtures }) => {
    // The test server trusts the proxy's headers; over https next-auth names its cookies __Host- and __Secure-.
    const proxy = { "X-Forwarded-Host": "panel.example", "X-Forwarded-Proto": "https" };
    const csrf = await request.get("/api/auth/csrf", { headers: proxy });
    const csrfCookie = csrf.headers()["set-cookie"].split(";")[0];
    const signedIn = await request.post("/api/auth/callback/credentials", {
      form: { csrfToken: (await csrf.json()).csrfToken, email: fixtures.alice.email, password: fixtures.alice.password, json: "true" },
      headers: { ...proxy, cookie: csrfCookie },
      maxRedirects: 0,
    });
    expect(signedIn.status()).toBe(200);
    const session = signedIn
      .headers()
      ["set-cookie"].split("\n")
      .find((line) => line.startsWith("__Secure-next-auth.session-token="));
    expect(session).toBeDefined();
    const cookie = session!.split(";")[0];
    const write = (origin: string) =>
      request.post("/api/v2/subscription/auto-renew", { data: { enabled: true }, headers: { ...proxy, cookie, Origin: origin } });

    for (const origin of ["http://panel.example", "https://panel.example:8443", "https://other.example"]) {
      const response = await write(origin);
      expect(response.status(), origin).toBe(403);
      expect((await response.json()).error.code, origin).toBe("forbidden");
    }
    expect((await write("https://panel.example")).status()).toBe(200);
  });

  test("an admin's session is refused: the API serves resellers", async ({ request, fixtures, baseURL }) => {
    await signIn(request, fixtures.admin.email, fixtures.admin.password);
    for (const call of [
      request.get("/api/v2/balance"),
      request.post("/api/v2/order", { data: { sku: "giftcard-steam-us-10" }, headers: { Origin: baseURL! } }),
    ]) {
      const refused = await call;
      expect(refused.status()).toBe(403);
      expect((await refused.json()).error).toMatchObject({
        code: "forbidden",
        message: "The API serves reseller accounts; an admin works in the admin panel.",
      });
    }
  });

  test("the sign-in endpoint refuses the 11th attempt from one IP with 429", async ({ request, fixtures, baseURL }) => {
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
    // At the address the client used, not the one the server binds to (0.0.0.0).
    expect(body.url.startsWith(`${baseURL}/login?error=Too+many+sign-in+attempts.`), body.url).toBe(true);
    expect(body.error).toEqual({
      code: "rate_limited",
      message: expect.stringMatching(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/),
      retryable: true,
      request_id: requestId,
      details: { retry_after: retryAfter },
    });

    // Behind the proxy (the test server trusts it), at the address the proxy says the client used.
    const proxied = await request.post("/api/auth/callback/credentials", {
      form: { csrfToken, email: fixtures.bob.email, password: fixtures.bob.password, json: "true" },
      headers: { "X-Forwarded-Host": "panel.example", "X-Forwarded-Proto": "https" },
      maxRedirects: 0,
    });
    expect(proxied.status()).toBe(429);
    const proxiedUrl = (await proxied.json()).url;
    expect(proxiedUrl.startsWith("https://panel.example/login?error=Too+many+sign-in+attempts."), proxiedUrl).toBe(true);
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
      const response = await request.post(path, {
        data: { level: "error", code: "FORGED]\n[api] 00000000 GET /api/v2/balance: all good", message: "written by anyone" },
      });
      expect(response.status(), path).toBe(404);
      expect((await response.json()).error.code).toBe("not_found");
    }
  });
});

test.describe("next-auth's own sign-out", () => {
  test("what its client's signOut() sends ends the session on the server: a copy of the cookie reads nothing", async ({ request, fixtures, baseURL }) => {
    await signIn(request, fixtures.carol.email, fixtures.carol.password);
    const copy = await copiedSessionCookie(request);
    await expectSessionStands(request, copy, fixtures.carol.email);

    const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
    const signedOut = await request.post("/api/auth/signout", { form: { csrfToken, json: "true" }, maxRedirects: 0 });
    expect(signedOut.status()).toBe(200);
    expect((await signedOut.json()).url).toBe(baseURL);
    expect(signedOut.headers()["set-cookie"]).toMatch(CLEARED_SESSION_COOKIE);
    await expectSessionEnded(request, copy);
  });

  test("a plain form posted to it ends the session too", async ({ request, fixtures }) => {
    await signIn(request, fixtures.carol.email, fixtures.carol.password);
    const copy = await copiedSessionCookie(request);
    await expectSessionStands(request, copy, fixtures.carol.email);

    const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
    const signedOut = await request.post("/api/auth/signout", { form: { csrfToken }, maxRedirects: 0 });
    expect(signedOut.status()).toBe(302);
    expect(signedOut.headers()["set-cookie"]).toMatch(CLEARED_SESSION_COOKIE);
    await expectSessionEnded(request, copy);
  });

  test("without the CSRF token it ends nothing: another site cannot sign the reseller out", async ({ request, fixtures }) => {
    await signIn(request, fixtures.carol.email, fixtures.carol.password);
    const copy = await copiedSessionCookie(request);
    await request.get("/api/auth/csrf");
    const forged = await request.post("/api/auth/signout", { form: { csrfToken: "forged", json: "true" }, maxRedirects: 0 });
    expect(forged.headers()["set-cookie"] ?? "").not.toMatch(CLEARED_SESSION_COOKIE);
    await expectSessionStands(request, copy, fixtures.carol.email);
  });

  test("next-auth's own pages are not served: its sign-in and error pages send the browser to the login page, the rest are refused", async ({
    request,
    baseURL,
  }) => {
    const signInPage = await request.get("/api/auth/signin?callbackUrl=%2Forders", { maxRedirects: 0 });
    expect(signInPage.status()).toBe(302);
    expect(signInPage.headers().location).toBe(`${baseURL}/login`);
    const errorPage = await request.get("/api/auth/error?error=CredentialsSignin", { maxRedirects: 0 });
    expect(errorPage.status()).toBe(302);
    expect(errorPage.headers().location).toBe(`${baseURL}/login?error=CredentialsSignin`);

    // HEAD, as GET without the body, for what the panel keeps.
    for (const path of ["/api/auth/csrf", "/api/auth/session", "/api/auth/providers"]) {
      const head = await request.head(path);
      expect(head.status(), path).toBe(200);
      expect(head.headers()["content-type"], path).toMatch(/^application\/json/);
    }

    const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
    const refusals: { method: "GET" | "POST"; path: string; status: number; allow?: string }[] = [
      { method: "GET", path: "/api/auth/signout", status: 405, allow: "POST" },
      { method: "GET", path: "/api/auth/callback/credentials", status: 405, allow: "POST" },
      { method: "POST", path: "/api/auth/session", status: 405, allow: "GET" },
      { method: "POST", path: "/api/auth/signin/credentials", status: 405, allow: "GET" },
      { method: "GET", path: "/api/auth/verify-request", status: 404 },
      { method: "GET", path: "/api/auth/new-user", status: 404 },
    ];
    for (const { method, path, status, allow } of refusals) {
      const response = await request.fetch(path, { method, form: method === "POST" ? { csrfToken } : undefined, maxRedirects: 0 });
      const label = `${method} ${path}`;
      expect(response.status(), label).toBe(status);
      expect(response.headers()["content-type"], label).toMatch(/^application\/json/);
      expect(response.headers().allow, label).toBe(allow);
      const { error } = await response.json();
      expect(error.code, label).toBe(status === 405 ? "method_not_allowed" : "not_found");
      expect(error.request_id, label).toBe(response.headers()["x-request-id"]);
    }
  });
});

test.describe("where the sign-in sends the browser", () => {
  test("only to this site: another site's address, or one that does not parse, sends it to the start page", async ({ request, fixtures, baseURL }) => {
    const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
    const signIn = (callbackUrl: string) =>
      request.post("/api/auth/callback/credentials", {
        form: { csrfToken, email: fixtures.carol.email, password: fixtures.carol.password, callbackUrl, json: "true" },
        maxRedirects: 0,
      });
    for (const callbackUrl of ["https://evil.example/take", `${baseURL}.evil.example/`, "http://[::1", "http://host:99999/"]) {
      const response = await signIn(callbackUrl);
      expect(response.status(), callbackUrl).toBe(200);
      expect((await response.json()).url, callbackUrl).toBe(baseURL);
    }
    const own = await signIn("/orders");
    expect((await own.json()).url).toBe(`${baseURL}/orders`);
  });

  test("a refused sign-in names the address the client used, directly or through the proxy", async ({ request, fixtures, baseURL }) => {
    const wrongPassword = async (headers: Record<string, string> = {}) => {
      // Over https (as the proxy says) next-auth keeps the CSRF token in a __Host- cookie, sent here by hand.
      const csrf = await request.get("/api/auth/csrf", { headers });
      const cookie = csrf.headers()["set-cookie"].split(";")[0];
      const form = { csrfToken: (await csrf.json()).csrfToken, email: fixtures.carol.email, password: "not-her-password", json: "true" };
      const response = await request.post("/api/auth/callback/credentials", { form, headers: { ...headers, cookie }, maxRedirects: 0 });
      expect(response.status()).toBe(401);
      const url = new URL((await response.json()).url);
      expect(url.searchParams.get("error")).toBe("CredentialsSignin");
      return url.origin;
    };
    expect(await wrongPassword()).toBe(baseURL);
    expect(await wrongPassword({ "X-Forwarded-Host": "panel.example", "X-Forwarded-Proto": "https" })).toBe("https://panel.example");
  });
});

test.describe("server actions", () => {
  test("are refused from another origin of this host: another scheme or port", async ({ request, baseURL }) => {
    const own = new URL(baseURL!);
    // No such action: past the origin check, Next answers that it does not know it.
    const call = (origin: string, headers: Record<string, string> = {}) =>
      request.post("/login", {
        headers: { "Next-Action": "0".repeat(42), Origin: origin, Accept: "text/x-component", ...headers },
        data: "[]",
        maxRedirects: 0,
      });
    for (const [origin, headers] of [
      [`https://${own.host}`, {}],
      [`${own.protocol}//${own.hostname}:${Number(own.port) + 1}`, {}],
      [baseURL!, { "X-Forwarded-Proto": "https" }],
    ] as const) {
      const refused = await call(origin, headers);
      expect(refused.status(), origin).toBe(403);
    }
    const ours = await call(baseURL!);
    expect(ours.status()).not.toBe(403);
    expect(ours.status()).toBeLessThan(500);
    const proxied = await call("https://panel.example", { "X-Forwarded-Host": "panel.example", "X-Forwarded-Proto": "https" });
    expect(proxied.status()).not.toBe(403);
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
