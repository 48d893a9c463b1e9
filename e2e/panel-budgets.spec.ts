import type { Page, Request } from "@playwright/test";
import { signIn } from "./support/sign-in";
import { expect, test } from "./support/test";

/*
 * A panel action is a public POST endpoint: a script can call it in a loop with the session cookie.
 * Those that do what an API call does spend the API's budget for it, so the panel is no way around
 * the API's limits. Noah's session spends its whole default budget (120 a minute) here.
 */

/** Calls a server action again as the browser sent it, with the same arguments. */
function replay(page: Page, sent: Request, baseURL: string) {
  const headers = sent.headers();
  return page.request.post(sent.url(), {
    headers: { "Next-Action": headers["next-action"], "Content-Type": headers["content-type"], Origin: baseURL, Accept: "text/x-component" },
    data: sent.postDataBuffer()!,
  });
}

const actionPost = (page: Page) => page.waitForRequest((request) => request.method() === "POST" && request.headers()["next-action"] !== undefined);

test("recipient checks, chat messages and webhook saves from the panel spend the reseller's default budget, as GET /checkplayerid, POST /orders/{id}/messages and PUT /account/webhook do", async ({
  page,
  fixtures,
  baseURL,
}) => {
  const created = await page.request.post("/api/v2/order", {
    headers: { "X-API-Key": fixtures.noah.apiKey },
    data: { sku: "manual-custom-topup", quantity: 1, fields: { details: "Game: Budget Quest, account noah" } },
  });
  expect(created.status()).toBe(201);
  const { order_id: orderId } = await created.json();

  await signIn(page, fixtures.noah.email, fixtures.noah.password);
  await page.goto(`/orders/${orderId}`);
  await page.getByLabel("Message to the supplier").fill("Hello, any news?");
  const messageSent = actionPost(page);
  await page.getByRole("button", { name: "Send message" }).click();
  const message = await messageSent;
  await expect(page.getByText("Hello, any news?")).toBeVisible();

  await page.goto("/catalog/topup-mlbb-86");
  await page.getByLabel("Player ID").fill("123456");
  await page.getByLabel("Zone ID").fill("1234");
  const checkSent = actionPost(page);
  await page.getByRole("button", { name: "Check" }).click();
  const check = await checkSent;
  await expect(page.getByTestId("recipient-check")).toHaveText("✓ Player 3456");

  await page.goto("/webhooks");
  await page.getByLabel("Endpoint URL").fill("http://127.0.0.1:9/noah-hook");
  const saveSent = actionPost(page);
  await page.getByRole("button", { name: "Save webhook" }).click();
  const save = await saveSent;
  await expect(page.getByText("Webhook saved.", { exact: false })).toBeVisible();

  let answered = 3;
  let refusal = "";
  for (; answered < 140; answered++) {
    const text = await (await replay(page, check, baseURL!)).text();
    if (!text.includes("Player 3456")) {
      refusal = text;
      break;
    }
  }
  expect(answered).toBeGreaterThan(100);
  expect(refusal).toMatch(/Too many recipient checks in a minute\. Try again in \d+ s\./);
  expect(await (await replay(page, message, baseURL!)).text()).toMatch(/Too many messages in a minute\. Try again in \d+ s\./);
  expect(await (await replay(page, save, baseURL!)).text()).toMatch(/Too many webhook saves in a minute\. Try again in \d+ s\./);
  const cookieCall = await page.request.get(`/api/checkplayerid?sku=topup-mlbb-86&player_id=123456&zone_id=1234`);
  expect(cookieCall.status()).toBe(429);
});
