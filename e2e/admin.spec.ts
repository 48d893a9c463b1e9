import { formatMoney, parseMoney } from "../lib/money/money";
import { expect, test } from "./support/test";
import { registerReseller, signIn } from "./support/sign-in";

test("an admin credits a reseller, blocks and unblocks them", async ({ page, request, fixtures }) => {
  const carolKey = { "X-API-Key": fixtures.carol.apiKey };
  const before = (await (await request.get("/api/v2/balance", { headers: carolKey })).json()).balance as string;
  const expected = formatMoney(parseMoney(before)! + 25_500_000n);

  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Resellers" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search by email or name" }).fill("carol");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/admin\?q=carol$/);
  await page.getByRole("link", { name: fixtures.carol.email }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/resellers/${fixtures.carol.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: fixtures.carol.email })).toBeVisible();
  await expect(page.getByTestId("reseller-balance")).toContainText(before);

  // Zero is refused before anything is sent.
  await page.getByLabel("Amount (USD)").fill("0");
  await page.getByLabel("Note").fill("E2E goodwill credit");
  await page.getByRole("button", { name: "Review adjustment" }).click();
  await expect(page.getByText("The amount must not be zero.")).toBeVisible();

  await page.getByLabel("Amount (USD)").fill("+25.5");
  await page.getByRole("button", { name: "Review adjustment" }).click();
  await expect(page.getByTestId("adjust-review")).toHaveText(`Credit 25.50 USD to ${fixtures.carol.email} with the note “E2E goodwill credit”.`);
  await expect(page.getByTestId("adjust-preview")).toHaveText(`Balance ${before} → ${expected}`);
  await page.getByRole("button", { name: "Apply adjustment" }).click();
  await expect(page.getByText(`Balance adjusted: ${before} → ${expected}.`)).toBeVisible();
  await expect(page.getByTestId("reseller-balance")).toContainText(expected);

  // A next attempt refused in the browser is the outcome shown; the success before it goes.
  await page.getByLabel("Amount (USD)").fill("-1000000");
  await page.getByLabel("Note").fill("E2E debit");
  await page.getByRole("button", { name: "Review adjustment" }).click();
  await expect(page.getByText("A debit of 1000000.00 would take the balance below zero.")).toBeVisible();
  await expect(page.getByText(`Balance adjusted: ${before} → ${expected}.`)).toHaveCount(0);
  if (before === "10.00") expect(expected).toBe("35.50");
  const entry = page.getByRole("row").filter({ hasText: "E2E goodwill credit" });
  await expect(entry.first()).toContainText("adjustment");
  await expect(entry.first()).toContainText("+25.50");

  const balance = await request.get("/api/v2/balance", { headers: carolKey });
  expect(await balance.json()).toEqual({ balance: expected, currency: "USD" });

  await page.getByRole("button", { name: "Block", exact: true }).click();
  await expect(page.getByTestId("confirm-question")).toHaveText(`Block ${fixtures.carol.email}? Their API keys and panel session stop working at once.`);
  await page.getByRole("button", { name: "Block reseller" }).click();
  await expect(page.getByTestId("reseller-status")).toHaveText("Blocked");
  const blocked = await request.get("/api/v2/me", { headers: carolKey });
  expect(blocked.status()).toBe(403);
  expect((await blocked.json()).error.code).toBe("account_disabled");
  // The refusal shows carol's account-read budget (two balance reads spent above) and spends none of it.
  const budget = Number(blocked.headers()["x-ratelimit-remaining"]);
  expect(blocked.headers()["x-ratelimit-limit"]).toBe("30");
  expect(budget).toBeLessThanOrEqual(28);
  const blockedAgain = await request.get("/api/v2/balance", { headers: carolKey });
  expect(blockedAgain.status()).toBe(403);
  expect(blockedAgain.headers()["x-ratelimit-remaining"]).toBe(String(budget));

  await page.getByRole("button", { name: "Unblock", exact: true }).click();
  await expect(page.getByTestId("confirm-question")).toHaveText(`Unblock ${fixtures.carol.email}? Their API keys and sign-in work again at once.`);
  await page.getByRole("button", { name: "Unblock reseller" }).click();
  await expect(page.getByTestId("reseller-status")).toHaveText("Active");
  const again = await request.get("/api/v2/me", { headers: carolKey });
  expect(again.status()).toBe(200);
  expect(again.headers()["x-ratelimit-remaining"]).toBe(String(budget - 1));
  expect((await again.json()).email).toBe(fixtures.carol.email);
});

test("a reseller visiting /admin is sent away, and an admin visiting /dashboard too", async ({ page, fixtures }) => {
  await signIn(page, fixtures.alice.email, fixtures.alice.password, /\/dashboard$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/admin/resellers/${fixtures.carol.id}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Resellers" })).toHaveCount(0);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/admin$/);
});

test("an adjustment previews the balance it leads to, past a trillion dollars too, and its note is read as written", async ({ page, fixtures }) => {
  const email = `e2e-whale-${Date.now()}@example.test`;
  await registerReseller(page, "Whale Shop", email, "whale-shop-password-1");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await page.goto(`/admin?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: email }).click();
  await expect(page.getByTestId("reseller-balance")).toContainText("0.00");

  const adjust = async (amount: string, note: string) => {
    await page.getByLabel("Amount (USD)").fill(amount);
    await page.getByLabel("Note").fill(note);
    await page.getByRole("button", { name: "Review adjustment" }).click();
  };
  const apply = async (after: string) => {
    await page.getByRole("button", { name: "Apply adjustment" }).click();
    await expect(page.getByTestId("reseller-balance")).toContainText(after);
  };

  // A direction override would show the reseller "live" where the admin wrote "evil".
  await adjust("5", "\u202eevil\u202c credit");
  await page.getByRole("button", { name: "Apply adjustment" }).click();
  await expect(page.getByText("Must not contain control characters, direction overrides or invisible characters.")).toBeVisible();
  await expect(page.getByTestId("reseller-balance")).toContainText("0.00");

  await adjust("999999999999", "E2E whale credit");
  await expect(page.getByTestId("adjust-preview")).toHaveText("Balance 0.00 → 999999999999.00");
  await apply("999999999999.00");
  await adjust("1", "E2E whale credit");
  await expect(page.getByTestId("adjust-preview")).toHaveText("Balance 999999999999.00 → 1000000000000.00");
  await apply("1000000000000.00");
  // Past a trillion, the preview read the balance as zero: "→ 7.00" for a credit, and a debit refused as going below zero.
  await adjust("7", "E2E whale credit");
  await expect(page.getByTestId("adjust-preview")).toHaveText("Balance 1000000000000.00 → 1000000000007.00");
  await apply("1000000000007.00");
  await adjust("-0.5", "E2E whale debit");
  await expect(page.getByTestId("adjust-preview")).toHaveText("Balance 1000000000007.00 → 1000000000006.50");
  await apply("1000000000006.50");
  await expect(page.getByText("Balance adjusted: 1000000000007.00 → 1000000000006.50.")).toBeVisible();

  // On a phone the balance box shows the whole figure (it was cut off at "1000000000").
  await page.setViewportSize({ width: 390, height: 844 });
  const fits = await page.getByTestId("reseller-balance").evaluate((figure) => {
    const text = document.createRange();
    text.selectNodeContents(figure);
    const shown = text.getBoundingClientRect();
    const box = figure.closest("section")!.getBoundingClientRect();
    return shown.left >= box.left && shown.right <= box.right && shown.right <= window.innerWidth;
  });
  expect(fits).toBe(true);
  await expect(page.getByTestId("reseller-balance")).toHaveText("1000000000006.50USD");
});

test("the admin's landing page shows today's sales and the manual orders nobody has taken, and opens that queue", async ({ page, request, fixtures }) => {
  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  const overview = page.getByTestId("admin-overview");
  await expect(overview).toBeVisible();
  const salesBefore = parseMoney((await page.getByTestId("sales-today").innerText()).replace("USD", "").trim())!;
  const untakenBefore = Number(await page.getByTestId("queue-untaken").innerText());

  const placed = await request.post("/api/v2/order", {
    headers: { "X-API-Key": fixtures.dave.apiKey },
    data: { sku: "manual-account-recovery", quantity: 1, fields: { details: "Overview e2e: recover player 4411" } },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();

  await page.reload();
  const salesAfter = parseMoney((await page.getByTestId("sales-today").innerText()).replace("USD", "").trim())!;
  // Other specs' orders may land or fail in between; this one's total is in the figure either way.
  expect(salesAfter - salesBefore).toBeGreaterThanOrEqual(parseMoney(order.total)!);
  expect(Number(await page.getByTestId("queue-untaken").innerText())).toBeGreaterThanOrEqual(untakenBefore + 1);
  await expect(page.getByTestId("sales-hint")).toHaveText(/^\d+ orders? · last 7 days \d+\.\d{2,6} USD$/);

  await page.getByTestId("queue-hint").getByRole("link", { name: "Open the queue" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?tab=manual&taken=none$/);
  await expect(page.getByText(order.order_id)).toBeVisible();
});
