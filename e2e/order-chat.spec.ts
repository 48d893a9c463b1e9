import { expect, test } from "./support/test";
import { otherSide, signIn } from "./support/sign-in";

/*
 * Long and full chats, from both sides. Oscar's two manual orders start with their chats written by
 * the server's fixtures: 60 messages ("Message 1" to "Message 60"), and as many as a chat holds.
 */

test("a long chat shows its latest 50 messages with a link to earlier ones, and new messages still arrive", async ({
  page,
  request,
  browser,
  baseURL,
  fixtures,
}) => {
  const orderId = fixtures.longChatOrderId;
  const post = async (text: string) =>
    expect((await request.post(`/api/v2/orders/${orderId}/messages`, { headers: { "X-API-Key": fixtures.oscar.apiKey }, data: { text } })).status()).toBe(201);
  await signIn(page, fixtures.oscar.email, fixtures.oscar.password);
  await page.goto(`/orders/${orderId}`);
  const messages = page.getByTestId("chat-message");
  await expect(messages).toHaveCount(50);
  await expect(messages.first()).toContainText("Message 11");
  await expect(messages.last()).toContainText("Message 60");
  const earlier = page.getByRole("link", { name: "Show earlier messages" });
  // A plain link: it works without JavaScript.
  await expect(earlier).toHaveAttribute("href", `/orders/${orderId}?messages=100#chat`);

  // The page follows the chat as before: a message written elsewhere shows up, below the others.
  await post("Written while the page was open");
  await expect(messages).toHaveCount(51, { timeout: 10_000 });
  await expect(messages.last()).toContainText("Written while the page was open");

  await earlier.click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}\\?messages=100#chat$`));
  await expect(messages).toHaveCount(61);
  await expect(messages.first()).toContainText("Message 1");
  await expect(earlier).toHaveCount(0);
  // Still followed with the earlier messages shown.
  await post("Written after the earlier ones were shown");
  await expect(messages).toHaveCount(62, { timeout: 10_000 });
  await expect(messages.last()).toContainText("Written after the earlier ones were shown");

  // The admin's page shows the latest 50 too, and the link to the rest.
  const admin = await otherSide(browser, baseURL!, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await admin.goto(`/admin/orders/${orderId}`);
  const adminMessages = admin.getByTestId("chat-message");
  await expect(adminMessages).toHaveCount(50);
  await expect(adminMessages.last()).toContainText("Written after the earlier ones were shown");
  await admin.getByRole("link", { name: "Show earlier messages" }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/orders/${orderId}\\?messages=100#chat$`));
  await expect(adminMessages).toHaveCount(62);
  await expect(adminMessages.first()).toContainText("Message 1");
  await admin.context().close();
});

test("a full chat refuses another message on both panels' forms, saying why", async ({ page, browser, baseURL, fixtures }) => {
  const orderId = fixtures.fullChatOrderId;
  const full = "This order's chat is full: it holds at most 500 messages.";
  await signIn(page, fixtures.oscar.email, fixtures.oscar.password);
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId("chat-message")).toHaveCount(50);
  await page.getByLabel("Message to the supplier").fill("Is there any news?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: full })).toBeVisible();
  await expect(page.getByTestId("chat-message").last()).toContainText("Message 500");

  const admin = await otherSide(browser, baseURL!, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await admin.goto(`/admin/orders/${orderId}`);
  await admin.getByLabel("Reply as the supplier").fill("Working on it.");
  await admin.getByRole("button", { name: "Send reply" }).click();
  await expect(admin.getByRole("alert").filter({ hasText: full })).toBeVisible();
  await expect(admin.getByTestId("chat-message").last()).toContainText("Message 500");
  await admin.context().close();
});
