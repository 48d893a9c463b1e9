import type { Page } from "@playwright/test";
import { VIEWPORTS } from "./support/screenshots";
import { expect, test } from "./support/test";
import { signIn } from "./support/sign-in";

/*
 * The panel's pages are read from the database on each visit: a link or a filter clicked shows a
 * spinner until the next page arrives. Each test holds the next page's data in the browser to see it.
 */

const DEMO = { email: "reseller@example.com", password: "demo-reseller-pass", apiKey: "rk_live_DemoKeyOfTheEmbeddedSandbox0000000000" };

/** Holds the page data (RSC) requests matching `url` until the returned function is called. */
async function holdPageData(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The pending page at a desktop and a phone width, into screenshots/. */
async function shootPending(page: Page, name: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.screenshot({ path: `screenshots/pending-${name}-${viewport.name}.png` });
  }
  await page.setViewportSize({ width: VIEWPORTS[0].width, height: VIEWPORTS[0].height });
}

test("a pager link spins until the older or newest page arrives", async ({ page, fixtures }) => {
  await signIn(page, fixtures.alice.email, fixtures.alice.password);
  await page.goto(`/balance?cursor=${fixtures.aliceTransactionId}`);
  await expect(page.getByText("No older transactions")).toBeVisible();

  const release = await holdPageData(page, /\/balance\?_rsc=/);
  const newest = page.getByRole("link", { name: /← Newest/ });
  await newest.click();
  await expect(newest.getByRole("status", { name: "Loading" })).toBeVisible();
  await expect(page).toHaveURL(/\/balance\?cursor=/);
  await shootPending(page, "pager");
  await expect(newest.getByRole("status", { name: "Loading" })).toBeVisible();

  release();
  await expect(page).toHaveURL(/\/balance$/);
  await expect(page.getByRole("row").filter({ hasText: "E2E opening balance" })).toBeVisible();
  await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
});

test("an order's link in the list spins until the order arrives", async ({ page, request }) => {
  const placed = await request.post("/api/v2/order", {
    headers: { "X-API-Key": DEMO.apiKey },
    data: { sku: "giftcard-steam-us-10", quantity: 1, fields: {}, reference: `pending-link-${Date.now()}` },
  });
  expect(placed.status()).toBe(201);
  const { order_id: id } = (await placed.json()) as { order_id: string };
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto("/orders");

  const release = await holdPageData(page, new RegExp(`/orders/${id}\\?_rsc=`));
  const link = page.getByRole("row").filter({ hasText: id }).getByTestId("order-link");
  await link.click();
  await expect(link.getByRole("status", { name: "Loading" })).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  await shootPending(page, "order-link");
  await expect(link.getByRole("status", { name: "Loading" })).toBeVisible();

  release();
  await expect(page).toHaveURL(new RegExp(`/orders/${id}$`));
  await expect(page.getByText(id).first()).toBeVisible();
  await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
});

test("a filter form's button spins until the filtered list arrives, and the form still filters without JavaScript", async ({
  page,
  browser,
  baseURL,
  clientIp,
}) => {
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto("/orders");
  const form = page.getByRole("form", { name: "Filter orders" });
  const button = form.getByRole("button", { name: /^Filter/ });
  await form.getByLabel("Status").selectOption("completed");

  const release = await holdPageData(page, /\/orders\?status=completed&.*_rsc=/);
  await button.click();
  await expect(button.getByRole("status", { name: "Loading" })).toBeVisible();
  await expect(form).toHaveAttribute("aria-busy", "true");
  await expect(page).toHaveURL(/\/orders$/);
  await shootPending(page, "order-filters");
  await expect(button.getByRole("status", { name: "Loading" })).toBeVisible();

  release();
  await expect(page).toHaveURL(/\/orders\?status=completed&type=&reference=&from=&to=$/);
  await expect(form.getByLabel("Status")).toHaveValue("completed");
  await expect(form).not.toHaveAttribute("aria-busy");
  await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
  await form.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(form.getByLabel("Status")).toHaveValue("");

  // Without JavaScript the browser submits the same form itself.
  const noScript = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    extraHTTPHeaders: { "X-Forwarded-For": clientIp },
  });
  const plain = await noScript.newPage();
  await plain.goto("/orders");
  await plain.getByLabel("Status").selectOption("failed");
  await plain.getByRole("button", { name: "Filter" }).click();
  await expect(plain).toHaveURL(/\/orders\?status=failed&type=&reference=&from=&to=$/);
  await expect(plain.getByLabel("Status")).toHaveValue("failed");
  await noScript.close();
});

test("the admin's reseller search spins until the results arrive", async ({ page, fixtures }) => {
  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  const search = page.getByRole("search");
  await search.getByLabel("Search by email or name").fill(fixtures.bob.email);

  const release = await holdPageData(page, /\/admin\?q=.*_rsc=/);
  const button = search.getByRole("button", { name: /^Search/ });
  await button.click();
  await expect(button.getByRole("status", { name: "Loading" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await shootPending(page, "admin-search");
  await expect(button.getByRole("status", { name: "Loading" })).toBeVisible();

  release();
  await expect(page).toHaveURL(new RegExp(`/admin\\?q=${encodeURIComponent(fixtures.bob.email).replaceAll(".", "\\.")}$`));
  await expect(page.getByRole("link", { name: fixtures.bob.email })).toBeVisible();
  await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
});
