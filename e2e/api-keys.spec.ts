import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { signIn } from "./support/sign-in";

async function createKey(page: Page, name: string, allowlist = ""): Promise<string> {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("IP allowlist (optional)").fill(allowlist);
  await page.getByRole("button", { name: "Create key" }).click();
  const box = page.getByTestId("new-api-key");
  await expect(box).toBeVisible();
  await expect(page.getByText("Copy it now: it will not be shown again.")).toBeVisible();
  const key = (await box.textContent())?.trim() ?? "";
  expect(key).toMatch(/^rk_live_[0-9A-Za-z]{32,}$/);
  return key;
}

test("a key created in the panel works at once and stops working when revoked", async ({ page, request, fixtures }) => {
  await signIn(page, fixtures.bob.email, fixtures.bob.password);
  await page.goto("/api-keys");
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();

  const key = await createKey(page, "e2e key");
  const row = page
    .getByTestId("api-key-row")
    .filter({ hasText: "e2e key" })
    .filter({ has: page.getByRole("button", { name: "Revoke" }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText("Any IP");
  await expect(row).toContainText("Never");
  await expect(row).toContainText("Active");

  const ok = await request.get("/api/v2/balance", { headers: { "X-API-Key": key } });
  expect(ok.status()).toBe(200);
  const body = await ok.json();
  expect(body).toEqual({ balance: expect.stringMatching(/^\d+\.\d{2,6}$/), currency: "USD" });
  // Nothing in the browser suites spends bob's money: he still has his opening 50.00.
  expect(body.balance).toBe("50.00");

  // The panel shows the last use once the page is read again.
  await page.reload();
  await expect(row).toContainText(/from \S+/);

  await row.getByRole("button", { name: "Revoke" }).click();
  await row.getByRole("button", { name: "Revoke key" }).click();
  const revoked = page.getByTestId("api-key-row").filter({ hasText: "e2e key" }).filter({ hasText: "Revoked" });
  await expect(revoked.first()).toBeVisible();

  const refused = await request.get("/api/v2/balance", { headers: { "X-API-Key": key } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe("unauthenticated");
});

test("a key with an IP allowlist is refused from another address", async ({ page, request, fixtures, clientIp }) => {
  await signIn(page, fixtures.bob.email, fixtures.bob.password);
  await page.goto("/api-keys");

  // An invalid entry is pointed out next to the field and nothing is created.
  await page.getByLabel("Name").fill("bad allowlist");
  await page.getByLabel("IP allowlist (optional)").fill("192.0.2.1, not-an-ip");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText('"not-an-ip" is not an IP address or CIDR range.')).toBeVisible();
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);
  await expect(page.getByLabel("Name")).toHaveValue("bad allowlist");

  const key = await createKey(page, "allowlisted key", "192.0.2.1");
  const row = page.getByTestId("api-key-row").filter({ hasText: "allowlisted key" }).first();
  await expect(row).toContainText("192.0.2.1");

  expect(clientIp).not.toBe("192.0.2.1");
  const refused = await request.get("/api/v2/balance", { headers: { "X-API-Key": key } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe("forbidden");

  const allowed = await request.get("/api/v2/balance", { headers: { "X-API-Key": key, "X-Forwarded-For": "192.0.2.1" } });
  expect(allowed.status()).toBe(200);

  // Revoked while still shown, the new key is no longer offered for copying.
  await expect(page.getByTestId("new-api-key")).toHaveText(key);
  await row.getByRole("button", { name: "Revoke" }).click();
  await row.getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByTestId("api-key-row").filter({ hasText: "allowlisted key" }).filter({ hasText: "Revoked" }).first()).toBeVisible();
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);
  await expect(page.getByText("Copy it now: it will not be shown again.")).toHaveCount(0);
});

test("a reseller at the cap of active keys is refused another with a message, and a revoked key frees a place", async ({ page, fixtures }) => {
  // Erin's keys matter to no other browser spec; the API specs read with the key she has.
  await signIn(page, fixtures.erin.email, fixtures.erin.password);
  await page.goto("/api-keys");
  const usage = page.getByText(/^\d+ of 20 active keys in use, \d+ revoked\./);
  await expect(usage).toBeVisible();
  const [, inUse] = /^(\d+) of/.exec((await usage.textContent()) ?? "") ?? [];
  for (let n = Number(inUse) + 1; n <= 20; n++) {
    const name = `capped ${String(n).padStart(2, "0")}`;
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByText(`Key “${name}” created`)).toBeVisible();
  }
  await expect(page.getByText(/^20 of 20 active keys in use/)).toBeVisible();

  await page.getByLabel("Name").fill("one too many");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "You have 20 active API keys, the most an account can hold. Revoke a key you no longer use, then create this one." }),
  ).toBeVisible();
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);
  await expect(page.getByTestId("api-key-row").filter({ hasText: "one too many" })).toHaveCount(0);
  await expect(page.getByText(/^20 of 20 active keys in use/)).toBeVisible();

  // The newest active key's form: it stays first while its question is open.
  const revoke = page.getByRole("form", { name: /^Revoke / }).first();
  await revoke.getByRole("button", { name: "Revoke" }).click();
  await revoke.getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByText(/^19 of 20 active keys in use/)).toBeVisible();
  await createKey(page, "in a freed place");
  await expect(page.getByText(/^20 of 20 active keys in use/)).toBeVisible();
});
