import { expectAccessible, screenshotAtBothSizes, visitAndShoot } from "./support/screenshots";
import { expect, test } from "./support/test";
import { otherSide, signIn } from "./support/sign-in";

// Each test visits many pages at two sizes: on a loaded 2-core machine that can take more than the default minute.
test.describe.configure({ timeout: 150_000 });

test("reseller pages at desktop and phone sizes", async ({ page, fixtures }) => {
  await visitAndShoot(page, "login", "/login", "Sign in");
  await visitAndShoot(page, "register", "/register", "Create a reseller account");
  await visitAndShoot(page, "not-found", "/no-such-page", "Page not found");
  await page.setViewportSize({ width: 1280, height: 860 });
  await signIn(page, fixtures.alice.email, fixtures.alice.password, /\/dashboard$/);
  await visitAndShoot(page, "dashboard", "/dashboard", "Dashboard");
  await visitAndShoot(page, "balance", "/balance", "Balance & transactions");
  await visitAndShoot(page, "topup", "/topup", "Top up");
  await visitAndShoot(page, "api-keys", "/api-keys", "API keys");
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.getByLabel("Name").fill("Screenshot key");
  await page.getByLabel("IP allowlist (optional)").fill("203.0.113.7, 198.51.100.0/24");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByTestId("new-api-key")).toBeVisible();
  await screenshotAtBothSizes(page, "api-keys-new-key");
  await visitAndShoot(page, "profile", "/profile", "Profile");
  await visitAndShoot(page, "order-not-found", "/orders/ord_01JD4X0000ABCDEFGHJKMNPQRS", "Not found");
  await visitAndShoot(page, "docs", "/docs");

  // The first Tab offers a way past the navigation, straight to the page's own controls.
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto("/catalog");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("main").getByRole("link", { name: "Download price list" })).toBeFocused();

  // A page slow to arrive: the link clicked shows a spinner until it does.
  await page.goto("/dashboard");
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const ordersData = /\/orders\?_rsc=/;
  await page.route(ordersData, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Orders" }).click();
  await expect(page.getByTestId("nav-pending")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  release();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByTestId("nav-pending")).toHaveCount(0);
  await page.unroute(ordersData);

  // The phone menu opens over the page and lists every section.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.locator("#mobile-nav");
  await expect(menu.getByRole("link", { name: "API keys" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await page.screenshot({ path: "screenshots/phone-menu-open.png" });
  await expectAccessible(page, "the open phone menu");
  // Escape closes it straight after opening, while the focus is still on the menu button.
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  await page.getByRole("button", { name: "Open menu" }).click();
  await menu.getByRole("link", { name: "Balance & transactions" }).click();
  await expect(page).toHaveURL(/\/balance$/);
  await expect(menu).toHaveCount(0);
});

test("admin pages at desktop and phone sizes", async ({ page, fixtures }) => {
  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await visitAndShoot(page, "admin-resellers", "/admin", "Resellers");
  await visitAndShoot(page, "admin-reseller-detail", `/admin/resellers/${fixtures.alice.id}`, fixtures.alice.email);
  // The confirmation step of a balance adjustment (not applied).
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.getByLabel("Amount (USD)").fill("-12.5");
  await page.getByLabel("Note").fill("Chargeback for order 8812");
  await page.getByRole("button", { name: "Review adjustment" }).click();
  await expect(page.getByTestId("adjust-preview")).toHaveText("Balance 100.00 → 87.50");
  await screenshotAtBothSizes(page, "admin-adjust-preview");
  await visitAndShoot(page, "admin-payments", "/admin/payments", "Payments");
});

const DEMO_RESELLER = { email: "reseller@example.com", password: "demo-reseller-pass" };

test("catalog and order pages at desktop and phone sizes", async ({ page }) => {
  await signIn(page, DEMO_RESELLER.email, DEMO_RESELLER.password, /\/dashboard$/);
  await visitAndShoot(page, "catalog", "/catalog", "Catalog");
  await visitAndShoot(page, "catalog-empty", "/catalog?q=nothing-like-this", "Catalog");
  await visitAndShoot(page, "bulk-order", "/orders/bulk", "Bulk order");
  // Its confirmation, with a line it cannot order (nothing is charged).
  await page.getByLabel("Products and quantities").fill("giftcard-steam-us-10,2\ntopup-mlbb-86,1\nno-such-card");
  await page.getByRole("button", { name: "Review orders" }).click();
  await expect(page.getByTestId("bulk-review")).toBeVisible();
  await screenshotAtBothSizes(page, "bulk-order-review");

  // The product view with its confirmation step open (nothing is charged).
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto("/catalog/topup-mlbb-172");
  await page.getByLabel("Player ID").fill("55512345");
  await page.getByLabel("Zone ID").fill("2001");
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByTestId("recipient-check")).toHaveText("✓ Player 2345");
  await page.getByLabel("Quantity").fill("3");
  await page.getByLabel(/Your reference/).fill("shop-order-8812");
  await page.getByRole("button", { name: "Review order" }).click();
  await expect(page.getByTestId("order-review")).toBeVisible();
  await screenshotAtBothSizes(page, "product-confirm");

  // A completed gift-card order with two codes.
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto("/catalog/giftcard-steam-us-20");
  await page.getByLabel("Quantity").fill("2");
  await page.getByRole("button", { name: "Review order" }).click();
  await page.getByRole("button", { name: /^Confirm and pay/ }).click();
  await expect(page).toHaveURL(/\/orders\/ord_/);
  await expect(page.getByTestId("order-status")).toHaveText("completed");
  await expect(page.getByTestId("delivery-code")).toHaveCount(2);
  await screenshotAtBothSizes(page, "order-completed");

  await visitAndShoot(page, "orders", "/orders", "Orders");
  await visitAndShoot(page, "dashboard-chart", "/dashboard", "Dashboard");
  await expect(page.getByTestId("spend-bar").first()).toBeVisible();
});

test("admin catalog and order pages at desktop and phone sizes", async ({ page, browser, baseURL, fixtures }) => {
  // A manual order with a message from the reseller, for the admin's chat view.
  const reseller = await otherSide(browser, baseURL!, DEMO_RESELLER.email, DEMO_RESELLER.password, /\/dashboard$/);
  await reseller.goto("/catalog/manual-custom-topup");
  await reseller.getByLabel("What you need").fill("500 gems for Sky Quest, account sky_hero_77, server EU-2");
  await reseller.getByRole("button", { name: "Review order" }).click();
  await reseller.getByRole("button", { name: /^Confirm and pay/ }).click();
  await expect(reseller).toHaveURL(/\/orders\/ord_/);
  const orderId = new URL(reseller.url()).pathname.split("/").pop()!;
  await reseller.getByLabel("Message to the supplier").fill("Hi! The account has two-factor login; I can pass on the code when you are ready.");
  await reseller.getByRole("button", { name: "Send message" }).click();
  await expect(reseller.getByTestId("chat-message")).toHaveCount(1);

  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  // One product running low, so the list shows its flag.
  await page.goto("/admin/products/giftcard-psn-us-25");
  await page.getByLabel("Low-stock threshold").fill("40");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await expect(page.getByText("Low stock")).toBeVisible();
  await visitAndShoot(page, "admin-products", "/admin/products", "Products");
  await expect(page.getByRole("row").filter({ hasText: "giftcard-psn-us-25" })).toContainText("Low stock");
  // The overview names it, and its count opens the products on sale that run low, only those.
  await page.goto("/admin");
  await expect(page.getByTestId("low-stock-hint")).toContainText("giftcard-psn-us-25");
  await page.getByTestId("low-stock-count").click();
  await expect(page).toHaveURL(/\/admin\/products\?stock=low$/);
  await expect(page.getByLabel("Stock")).toHaveValue("low");
  const rows = page.locator("tbody tr");
  await expect(rows.filter({ hasText: "giftcard-psn-us-25" })).toHaveCount(1);
  expect(await rows.count()).toBe(await rows.filter({ hasText: "Low stock" }).count());
  await visitAndShoot(page, "admin-products-low", "/admin/products?stock=low", "Products");
  await visitAndShoot(page, "admin-product-new", "/admin/products/new", "New product");

  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto("/admin/products/giftcard-steam-us-10");
  await page.getByLabel("Codes").fill(["SHOT1-AAAAA-BBBBB,1234", "SHOT1-AAAAA-CCCCC,5678", "SHOT1-AAAAA-BBBBB,1234", "bad line here"].join("\n"));
  await page.getByRole("button", { name: "Add codes" }).click();
  await expect(page.getByTestId("confirm-question")).toHaveText("Add 2 codes to Steam Gift Card 10 USD? Left out: 1 duplicate, 1 invalid line (line 4).");
  await screenshotAtBothSizes(page, "admin-product-stock-confirm");
  await page.getByRole("button", { name: "Add 2 codes" }).click();
  await expect(page.getByTestId("stock-upload-result")).toContainText("Added 2, skipped 1 duplicate, 1 invalid line (line 4).");
  await screenshotAtBothSizes(page, "admin-product-edit");

  await page.goto(`/admin/orders/${orderId}`);
  await page.getByLabel("Reply as the supplier").fill("Thanks, I will ask for the code in a few minutes. Please stay online.");
  await page.getByLabel("Waiting for the reseller's reply").check();
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByTestId("chat-message")).toHaveCount(2);
  await visitAndShoot(page, "admin-order-chat", `/admin/orders/${orderId}`, "Top-up for an unlisted game");
  await visitAndShoot(page, "admin-orders-queue", "/admin/orders?tab=manual", "Orders");
  await reseller.context().close();
});

test("a long order chat, with its link to earlier messages, at desktop and phone sizes", async ({ page, browser, baseURL, fixtures }) => {
  await signIn(page, fixtures.oscar.email, fixtures.oscar.password);
  await visitAndShoot(page, "order-chat-earlier", `/orders/${fixtures.longChatOrderId}`, "Game account recovery assistance");
  await expect(page.getByRole("link", { name: "Show earlier messages" })).toBeVisible();
  const admin = await otherSide(browser, baseURL!, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await visitAndShoot(admin, "admin-order-chat-earlier", `/admin/orders/${fixtures.longChatOrderId}`, "Game account recovery assistance");
  await expect(admin.getByRole("link", { name: "Show earlier messages" })).toBeVisible();
  await admin.context().close();
});
