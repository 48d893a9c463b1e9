import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { signIn } from "./support/sign-in";

// A NUL or a year 0 in a list's query string once failed the page's query and showed Next's error page.
async function expectListPages(page: Page, pages: [path: string, heading: string][]) {
  for (const [path, heading] of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
}

test("list pages take filters the database could not, and show their lists", async ({ page, fixtures }) => {
  await signIn(page, fixtures.alice.email, fixtures.alice.password);
  await expectListPages(page, [
    ["/orders?reference=%00&from=0000-01-01&to=9999-12-31", "Orders"],
    ["/catalog?q=a%00b", "Catalog"],
    ["/balance?type=%00&cursor=%00", "Balance & transactions"],
  ]);
  const csv = await page.request.get("/orders/export?reference=%00&from=0000-01-01");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
});

test("admin list pages take the same filters", async ({ page, fixtures }) => {
  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await expectListPages(page, [
    ["/admin?q=a%00b", "Resellers"],
    ["/admin/products?q=%00", "Products"],
    ["/admin/orders?email=%00", "Orders"],
    ["/admin/orders?reference=%00&email=%25_%5C", "Orders"],
    [`/admin/orders?reference=${"%F0%9F%98%80".repeat(300)}`, "Orders"],
    ["/admin/payments?email=%00", "Payments"],
  ]);
});
