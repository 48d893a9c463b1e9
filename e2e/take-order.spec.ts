import { expect, test } from "./support/test";
import { otherSide, signIn } from "./support/sign-in";

/*
 * An admin takes a manual order: the other admins see who has it in the queue, and the reseller that
 * an operator is on it, without learning who; a second admin takes it over. Oscar, the chat specs'
 * reseller, places the order.
 */

const TIME = "\\d{2}:\\d{2} UTC";
/** formatDateTime's "25 Nov 2026, 15:09 UTC", as the activity dates each line. */
const DATE_TIME = `\\d{1,2} \\w{3,4} \\d{4}, ${TIME}`;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("an admin takes a manual order: the queue names them, the reseller's page says an operator is on it", async ({
  page,
  request,
  browser,
  baseURL,
  fixtures,
}) => {
  const placed = await request.post("/api/v2/order", {
    headers: { "X-API-Key": fixtures.oscar.apiKey },
    data: { sku: "manual-account-recovery", quantity: 1, fields: { details: "Recover player 445566 (take spec)" } },
  });
  expect(placed.status()).toBe(201);
  const { order_id: orderId } = (await placed.json()) as { order_id: string };

  await signIn(page, fixtures.oscar.email, fixtures.oscar.password);
  await page.goto(`/orders/${orderId}`);
  const progress = page.getByTestId("order-progress");
  await expect(progress).toHaveText("Waiting for an operator to pick up your order.");

  const admin = await otherSide(browser, baseURL!, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await admin.goto("/admin/orders?tab=manual");
  const queueRow = admin.getByRole("row").filter({ hasText: orderId });
  await expect(queueRow.getByTestId("order-taken")).toHaveText("Not taken");
  await admin.getByRole("link", { name: "Not taken" }).click();
  await expect(admin).toHaveURL(/tab=manual&taken=none$/);
  await expect(queueRow).toBeVisible();

  await queueRow.getByTestId("order-link").click();
  await expect(admin).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  const holder = admin.getByTestId("order-holder");
  await expect(holder).toHaveText("Not taken: nobody is working on it yet.");
  await admin.getByRole("button", { name: "Take", exact: true }).click();
  await expect(holder).toHaveText(new RegExp(`^Taken by you · since ${TIME}$`));
  await expect(admin.getByRole("button", { name: "Release" })).toBeVisible();

  // The queue names the admin; the untaken view no longer lists the order, the admin's own does.
  await admin.goto("/admin/orders?tab=manual");
  await expect(queueRow.getByTestId("order-taken")).toHaveText(new RegExp(`^Taken by ${escaped(fixtures.admin.email)} · ${TIME}$`));
  await admin.getByRole("link", { name: "Not taken" }).click();
  await expect(admin.getByRole("link", { name: "Not taken" })).toHaveAttribute("aria-current", "page");
  await expect(queueRow).toHaveCount(0);
  await admin.getByRole("link", { name: "Mine" }).click();
  await expect(admin).toHaveURL(/tab=manual&taken=mine$/);
  await expect(queueRow).toBeVisible();

  // The reseller's open page catches up by itself, and never names the admin.
  await expect(progress).toHaveText(new RegExp(`^An operator is working on your order \\(since ${TIME}\\)\\.$`), { timeout: 20_000 });
  await expect(page.getByText(fixtures.admin.email)).toHaveCount(0);

  await queueRow.getByTestId("order-link").click();
  await expect(admin).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));

  // Another admin sees who has it, and takes it over only once asked.
  const second = await otherSide(browser, baseURL!, fixtures.secondAdmin.email, fixtures.secondAdmin.password, /\/admin$/);
  await second.goto(`/admin/orders/${orderId}`);
  const secondHolder = second.getByTestId("order-holder");
  await expect(secondHolder).toHaveText(new RegExp(`^Taken by ${escaped(fixtures.admin.email)} · since ${TIME}$`));
  await expect(second.getByRole("button", { name: "Take", exact: true })).toHaveCount(0);
  await second.getByRole("button", { name: "Take over…" }).click();
  await expect(second.getByTestId("confirm-question")).toHaveText(`Take the order over from ${fixtures.admin.email}?`);
  await second.getByRole("button", { name: "Take over", exact: true }).click();
  await expect(secondHolder).toHaveText(new RegExp(`^Taken by you · since ${TIME}$`));
  await expect(second.getByRole("button", { name: "Release" })).toBeVisible();

  // The first admin's open page follows by itself.
  await expect(holder).toHaveText(new RegExp(`^Taken by ${escaped(fixtures.secondAdmin.email)} · since ${TIME}$`), { timeout: 15_000 });
  await expect(admin.getByRole("button", { name: "Take over…" })).toBeVisible();

  // Released, the order waits for anyone again.
  await second.getByRole("button", { name: "Release" }).click();
  await expect(secondHolder).toHaveText("Not taken: nobody is working on it yet.");
  await expect(holder).toHaveText("Not taken: nobody is working on it yet.", { timeout: 15_000 });
  await expect(progress).toHaveText("Waiting for an operator to pick up your order.", { timeout: 20_000 });

  // The activity names who did what, newest first; the reseller's page names nobody.
  const admin1 = escaped(fixtures.admin.email);
  const admin2 = escaped(fixtures.secondAdmin.email);
  await expect(second.getByTestId("order-activity-line")).toHaveText([
    new RegExp(`^Released by ${admin2} · ${DATE_TIME}$`),
    new RegExp(`^Taken over by ${admin2} from ${admin1} · ${DATE_TIME}$`),
    new RegExp(`^Taken by ${admin1} · ${DATE_TIME}$`),
  ]);
  await expect(page.getByText(fixtures.secondAdmin.email)).toHaveCount(0);
  await second.context().close();
  await admin.context().close();
});

test("an admin completes the order they took and the activity says so; another admin is refused closing it meanwhile", async ({
  page,
  request,
  browser,
  baseURL,
  fixtures,
}) => {
  const placed = await request.post("/api/v2/order", {
    headers: { "X-API-Key": fixtures.oscar.apiKey },
    data: { sku: "manual-account-recovery", quantity: 1, fields: { details: "Recover player 778800 (activity spec)" } },
  });
  expect(placed.status()).toBe(201);
  const { order_id: orderId } = (await placed.json()) as { order_id: string };
  const admin1 = escaped(fixtures.admin.email);

  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByText("No admin has acted on this order yet.")).toBeVisible();
  await page.getByRole("button", { name: "Take", exact: true }).click();
  await expect(page.getByTestId("order-holder")).toHaveText(new RegExp(`^Taken by you · since ${TIME}$`));
  await expect(page.getByTestId("order-activity-line")).toHaveText([new RegExp(`^Taken by ${admin1} · ${DATE_TIME}$`)]);

  // The second admin's page says who has the order, and still offers Complete; the server refuses it, naming them.
  const second = await otherSide(browser, baseURL!, fixtures.secondAdmin.email, fixtures.secondAdmin.password, /\/admin$/);
  await second.goto(`/admin/orders/${orderId}`);
  await expect(second.getByTestId("held-by-another")).toHaveText(
    `${fixtures.admin.email} has taken this order: completing or failing it is refused until you take it over.`,
  );
  await second.getByLabel("Delivery note").fill("Recovered by the second admin");
  await second.getByRole("button", { name: "Complete…" }).click();
  await second.getByRole("button", { name: "Complete order" }).click();
  await expect(second.getByRole("form", { name: "Complete order" }).getByRole("alert")).toHaveText(`Taken by ${fixtures.admin.email} — take it over first.`);
  await expect(second.getByTestId("order-status")).toHaveText("processing");
  await expect(second.getByTestId("order-activity-line")).toHaveCount(1);
  await second.context().close();

  await page.getByLabel("Delivery note").fill("Account recovered; the new password was sent to the owner.");
  await page.getByRole("button", { name: "Complete…" }).click();
  await page.getByRole("button", { name: "Complete order" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("completed");
  await expect(page.getByTestId("order-activity-line")).toHaveText([
    new RegExp(`^Completed by ${admin1} · ${DATE_TIME}$`),
    new RegExp(`^Taken by ${admin1} · ${DATE_TIME}$`),
  ]);
});
